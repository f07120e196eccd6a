import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `replay tail` stops at the presentation limit as `replay audit` does: one input error at the line that
/// passes it, exit status 2, and nothing after it audited.
@Suite struct TailPresentationLimitTests {
  /// Two presentations from two roots hold four at once; the dismiss after them would be a finding if it
  /// were audited.
  static let lines = [
    #"{"t":1,"id":"a","event":"present","presenter":"root:1"}"#,
    #"{"t":2,"id":"b","event":"present","presenter":"root:2"}"#,
    #"{"t":3,"id":"zz","event":"dismiss"}"#,
  ]

  static func limited(_ limit: Int) -> AuditConfiguration {
    var configuration = AuditConfiguration()
    configuration.presentationLimit = limit
    return configuration
  }

  /// The command prints the audit's own input error line, whether or not the lines were already written
  /// when it started, and ends at once with status 2 and the audit's count of events.
  @Test(arguments: [true, false])
  func theCommandStopsWithTheAuditsInputError(fromStart: Bool) throws {
    let path = try TailCommandTests.temporaryPath()
    try (Self.lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    let audit = ReplayCLI.run(["audit", "--max-presentations", "2", path], context: ReplayCLI.Context())
    #expect(audit.status == .inputError)
    let inputError = try #require(audit.stdout.split(separator: "\n").first)
    #expect(inputError.hasPrefix("\(path):2:1: error: [input] this event makes 4 presentations held at once"))
    let output = TailCommandTests.Output()
    // The timeout is only a safety net: the limit ends the command at its first poll.
    let result = TailCommand.run(
      ["--max-presentations", "2", "--interval", "0.01", "--timeout", "20", path]
        + (fromStart ? ["--from-start"] : []),
      context: ReplayCLI.Context()
    ) { output.append($0) }
    #expect(output.value == inputError + "\n")
    #expect(result.status == .inputError)
    #expect(
      result.stdout
        == "followed \(path) (stopped at the presentation limit), 2 events: 0 errors, 0 warnings, 1 input error\n"
    )
  }

  /// Lines that pass the limit while the file is followed: the error is handed over with them, and the
  /// follower reads nothing after it, however the file grows.
  @Test func theFollowerStopsAtTheLineThatPassesTheLimit() throws {
    let path = try TailCommandTests.temporaryPath()
    try (Self.lines[0] + "\n").write(toFile: path, atomically: false, encoding: .utf8)
    var follower = TraceFollower(path: path, fromStart: false, configuration: Self.limited(2))
    defer { follower.close() }
    #expect(TailCommand.render(follower.poll(), path: path, color: false).isEmpty)
    try TailCommandTests.append(Self.lines[1...].joined(separator: "\n") + "\n", to: path)
    var output = ""
    var stopped = false
    #expect(
      RecordingFixtureWait.until {
        let update = follower.poll()
        output += TailCommand.render(update, path: path, color: false)
        stopped = update.stoppedAtPresentationLimit
        return stopped
      })
    #expect(output.hasPrefix("\(path):2:1: error: [input] this event makes 4 presentations"), "\(output)")
    #expect(output.components(separatedBy: "\n").count == 2, "\(output)")
    #expect(!output.contains("dismiss-not-presented"))
    try TailCommandTests.append(TailCommandTests.findingLines(3, from: 10), to: path)
    let later = follower.poll()
    #expect(later.stoppedAtPresentationLimit)
    #expect(later.isEmpty)
    #expect(follower.idleCheck(after: 0.001).isEmpty)
  }
}
