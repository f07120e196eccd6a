import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// Ids, paths and messages from a trace reach the terminal escaped in every text output (an ESC would
/// drive the terminal, a line break would forge a report line), and unchanged in JSON, which escapes
/// them itself.
@Suite struct TerminalEscapingTests {
  let cli = ReplayCLITests()

  /// An id as JSON spells it in the trace, and as the text outputs must print it.
  struct HostileID: Sendable, CustomTestStringConvertible {
    var json: String
    var printed: String
    /// What must never appear raw in the output.
    var raw: String
    var testDescription: String { printed }
  }

  static let ids = [
    HostileID(json: #"card\u001b[2J"#, printed: #"card\u{1B}[2J"#, raw: "\u{1B}[2J"),
    HostileID(
      json: #"card\nx.jsonl:1:1: note: all clean"#, printed: #"card\u{A}x.jsonl:1:1: note: all clean"#,
      raw: "\nx.jsonl:1:1: note: all clean"),
  ]

  /// A presentation with the id, then a second completeTransition (line 6): a finding naming the id.
  static func trace(_ id: HostileID) -> [String] {
    ReplayCLITests.cleanTrace.map { $0.replacingOccurrences(of: #""id":"p1""#, with: #""id":"\#(id.json)""#) }
      + [#"{"t":1.4,"id":"\#(id.json)","event":"completeTransition","didComplete":true}"#]
  }

  /// The output holds the escaped id and never the raw text, and no line of it is the forged note.
  func expectEscaped(_ output: String, _ id: HostileID, _ command: String) {
    #expect(output.contains(id.printed), "\(command): \(output)")
    #expect(!output.contains(id.raw), "\(command): \(output)")
    #expect(!output.contains("\u{1B}[2J"), "\(command)")
    #expect(
      !output.split(separator: "\n").contains { $0.hasPrefix("x.jsonl:1:1: note") }, "\(command): \(output)")
  }

  @Test(arguments: ids) func auditPrintsTheIdEscaped(id: HostileID) throws {
    let path = try cli.temporaryTrace(Self.trace(id))
    let plain = cli.run(["audit", path])
    #expect(plain.status == .findings)
    expectEscaped(plain.stdout, id, "audit")
    // In colour, the only escape sequences are the report's own.
    let colored = cli.run(["audit", path], terminal: true)
    expectEscaped(colored.stdout, id, "audit in colour")
    #expect(colored.stdout.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    // JSON escapes by itself: unchanged.
    let json = cli.run(["audit", "--format", "json", path])
    #expect(json.stdout.contains(#""id":"\#(id.json)""#), "\(json.stdout)")
    let checked = cli.run(["audit", "--check-expect", path])
    #expect(!checked.stdout.contains(id.raw))
  }

  @Test(arguments: ids) func showPrintsTheIdEscapedInBlocksAndTimeline(id: HostileID) throws {
    let path = try cli.temporaryTrace(Self.trace(id))
    let result = cli.run(["show", "--width", "120", path])
    expectEscaped(result.stdout, id, "show")
    // The block's first line and the timeline's label.
    #expect(result.stdout.contains("\n\(id.printed) · presentation"), "\(result.stdout)")
    #expect(result.stdout.contains("\n\(id.printed.prefix(24))"), "\(result.stdout)")
    #expect(cli.run(["show", path], terminal: true).stdout.contains(id.printed))
  }

  @Test(arguments: ids) func statePrintsTheIdEscaped(id: HostileID) throws {
    let path = try cli.temporaryTrace(Self.trace(id))
    let result = cli.run(["state", "--at", "6", path])
    expectEscaped(result.stdout, id, "state")
    #expect(result.stdout.contains("  \(id.printed): presented"), "\(result.stdout)")
    let json = cli.run(["state", "--at", "6", "--format", "json", path])
    #expect(json.stdout.contains(#""id":"\#(id.json)""#), "\(json.stdout)")
  }

  @Test(arguments: ids) func tailPrintsTheIdEscaped(id: HostileID) throws {
    let path = try cli.temporaryTrace(Self.trace(id))
    let emitted = TailCommandTests.Output()
    let result = TailCommand.run(
      ["--from-start", "--timeout", "0", path], context: ReplayCLI.Context(), emit: emitted.append)
    expectEscaped(emitted.value, id, "tail")
    #expect(result.status == .findings)
  }

  /// `stats` prints no id; what comes from outside is a file's name (in its diagnostics) and, merged,
  /// the rule names of a statistics file.
  @Test(arguments: ids) func statsPrintsPathsAndMergedRuleNamesEscaped(id: HostileID) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "escape-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let name = id.raw.replacingOccurrences(of: "/", with: "_")
    let trace = directory.appendingPathComponent("card\(name).jsonl")
    try (Self.trace(id).joined(separator: "\n") + "\n{oops\n").write(
      to: trace, atomically: true, encoding: .utf8)
    let result = cli.run(["stats", directory.path])
    #expect(result.status == .inputError)
    let escapedName = TerminalText.escaped(trace.path)
    #expect(result.stderr.hasPrefix("\(escapedName):7:2: error: [input]"), "\(result.stderr)")
    expectEscaped(result.stderr, HostileID(json: "", printed: "card", raw: id.raw), "stats")
    let audit = cli.run(["audit", directory.path])
    #expect(audit.stdout.contains(escapedName + ":7:2"))
    #expect(!audit.stdout.contains(id.raw))

    let statistics = directory.appendingPathComponent("stats.json")
    try #"{"format":"presentation-stats","version":1,"findings":{"\#(id.json)":2}}"#.write(
      to: statistics, atomically: true, encoding: .utf8)
    let merged = cli.run(["stats", "--merge", statistics.path])
    #expect(merged.status == .clean)
    expectEscaped(merged.stdout, id, "stats --merge")
    #expect(merged.stdout.contains("  \(id.printed)  2\n"), "\(merged.stdout)")
  }

  /// Error messages quote the command line and the settings file: escaped too.
  @Test func usageErrorsPrintTheArgumentEscaped() {
    let format = cli.run(["audit", "--format", "\u{1B}[2J", "x.jsonl"])
    #expect(format.status == .usage)
    #expect(format.stderr.contains(#"not '\u{1B}[2J'"#), "\(format.stderr)")
    let command = cli.run(["au\u{9B}dit"])
    #expect(command.stderr.contains(#"unknown command 'au\u{9B}dit'"#), "\(command.stderr)")
    let missing = cli.run(["show", "missing\u{202E}lsnoj.jsonl"])
    #expect(missing.stderr.contains(#"missing\u{202E}lsnoj.jsonl"#), "\(missing.stderr)")
    #expect(!missing.stderr.contains("\u{202E}"))
  }

  /// Text without any of the escaped characters prints as before: the report of a bundled trace is the
  /// report of its own lines, unchanged.
  @Test func plainTextIsUnchanged() throws {
    let path = try cli.temporaryTrace(ReplayCLITests.cleanTrace)
    #expect(
      cli.run(["show", path]).stdout.hasPrefix(
        "\(path): 1 transition, 5 events, 0.302 s long\n\np1 · presentation"))
  }
}
