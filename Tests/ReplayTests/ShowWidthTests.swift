import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `show --width N` takes 20 to `ShowRenderer.maximumWidth` (else wrong usage, exit 64); a `COLUMNS` that
/// is no such number is passed over for the default with a note. Both once asked for an 8 TB timeline row.
@Suite struct ShowWidthTests {
  let cli = ReplayCLITests()

  /// The width of the timeline's rows: the first one's label, bars and frame.
  static func timelineWidth(_ output: String) -> Int? {
    let lines = output.split(separator: "\n")
    guard let start = lines.firstIndex(where: { $0.hasPrefix("timeline: ") }), start + 1 < lines.count
    else { return nil }
    return lines[start + 1].count
  }

  @Test func aWidthOutOfRangeIsWrongUsage() throws {
    let path = try cli.temporaryTrace(ReplayCLITests.cleanTrace)
    for width in ["999999999999", "1001", "19", "-5", "wide", "99999999999999999999999"] {
      let result = cli.run(["show", "--width", width, path])
      #expect(result.status == .usage, "\(width)")
      #expect(result.stderr.hasPrefix("error: --width must be a number from 20 to 1000, not '\(width)'"))
      #expect(result.stdout.isEmpty)
    }
    for width in [20, 100, 1000] {
      let result = cli.run(["show", "--width", String(width), path])
      #expect(result.status == .clean)
      #expect(Self.timelineWidth(result.stdout) == width, "\(width)")
      #expect(result.stderr.isEmpty)
    }
  }

  @Test func aColumnsOutOfRangeOrNotANumberFallsBackToTheDefaultWithANote() throws {
    let path = try cli.temporaryTrace(ReplayCLITests.cleanTrace)
    for columns in ["999999999999", "abc", "10", "1001", "-80", "80x"] {
      let result = cli.run(["show", path], environment: ["COLUMNS": columns])
      #expect(result.status == .clean, "\(columns)")
      #expect(Self.timelineWidth(result.stdout) == 100, "\(columns)")
      #expect(
        result.stderr
          == "note: COLUMNS='\(columns)' is not a width from 20 to 1000; the timeline is 100 columns wide "
          + "(--width sets it)\n")
    }
    let fits = cli.run(["show", path], environment: ["COLUMNS": "80"])
    #expect(Self.timelineWidth(fits.stdout) == 80)
    #expect(fits.stderr.isEmpty)
    let empty = cli.run(["show", path], environment: ["COLUMNS": ""])
    #expect(Self.timelineWidth(empty.stdout) == 100)
    #expect(empty.stderr.isEmpty)
    // --width wins over COLUMNS, and a bad COLUMNS then says nothing.
    let both = cli.run(["show", "--width", "60", path], environment: ["COLUMNS": "999999999999"])
    #expect(Self.timelineWidth(both.stdout) == 60)
    #expect(both.stderr.isEmpty)
  }

  /// The two reproducers as the built command runs them: they aborted on the allocation before.
  @Test func theBuiltCommandNeitherAbortsNorAllocates() throws {
    let path = try cli.temporaryTrace(ReplayCLITests.cleanTrace)
    let option = try BuiltReplay.run(["show", "--width", "999999999999", path])
    #expect(!option.timedOut && !option.signalled)
    #expect(option.status == 64)
    #expect(option.stderr.contains("--width must be a number from 20 to 1000"))
    let environment = try BuiltReplay.run(["show", path], environment: ["COLUMNS": "999999999999"])
    #expect(!environment.timedOut && !environment.signalled)
    #expect(environment.status == 0)
    #expect(environment.stderr.hasPrefix("note: COLUMNS='999999999999' is not a width"))
    #expect(Self.timelineWidth(environment.stdout) == 100)
  }

  /// A library caller's width is bounded too.
  @Test func theRendererDrawsAtMostTheMaximumWidth() throws {
    let path = try cli.temporaryTrace(ReplayCLITests.cleanTrace)
    let text = ShowRenderer.render(TraceReplay.run(path: path), width: .max, color: false)
    #expect(Self.timelineWidth(text) == ShowRenderer.maximumWidth)
  }
}
