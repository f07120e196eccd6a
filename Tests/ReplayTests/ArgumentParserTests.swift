import Testing

@testable import Replay

/// The parser every command uses, with options declared once as values.
@Suite struct ArgumentParserTests {
  static let format = ArgumentParser.Value("--format")
  static let disable = ArgumentParser.Value("--disable")
  static let strict = ArgumentParser.Flag("--strict")
  static let help = ArgumentParser.Flag("--help")
  let parser = ArgumentParser(options: [format, disable, strict, help])

  @Test func valuesFlagsAndPositionalsAreReadThroughTheirDeclarations() throws {
    let parsed = try parser.parse([
      "a.jsonl", "--format", "json", "--strict", "--disable=x", "--disable", "y",
    ])
    #expect(parsed[Self.format] == "json")
    #expect(parsed[Self.strict])
    #expect(!parsed[Self.help])
    #expect(parsed.all(Self.disable) == ["x", "y"])
    #expect(parsed.positionals == ["a.jsonl"])
    let empty = try parser.parse([])
    #expect(empty[Self.format] == nil && empty.all(Self.disable).isEmpty && !empty[Self.strict])
  }

  @Test func theLastValueWins() throws {
    #expect(try parser.parse(["--format", "text", "--format=json"])[Self.format] == "json")
  }

  @Test func doubleDashEndsOptionsAndDashIsAPath() throws {
    let parsed = try parser.parse(["--", "--strict", "-"])
    #expect(!parsed[Self.strict])
    #expect(parsed.positionals == ["--strict", "-"])
    #expect(try parser.parse(["-"]).positionals == ["-"])
  }

  @Test func shortHelpIsHelp() throws {
    #expect(try parser.parse(["-h"])[Self.help])
  }

  @Test(arguments: [
    (["--formt", "json"], "unknown option '--formt'; did you mean '--format'?"),
    (["--zzzzzzzz"], "unknown option '--zzzzzzzz'; valid options: --format, --disable, --strict, --help"),
    (["--format"], "option '--format' needs a value"),
    (["--strict=yes"], "option '--strict' takes no value"),
  ])
  func usageErrorsSayWhatIsWrong(_ arguments: [String], _ message: String) {
    let error = #expect(throws: UsageError.self) { try parser.parse(arguments) }
    #expect(error?.message == message)
  }
}
