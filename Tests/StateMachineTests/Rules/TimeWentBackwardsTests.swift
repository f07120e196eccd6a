import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `time-went-backwards` (t smaller than the previous line's): traces that must trigger
  /// it, and near misses that must stay clean.
  @Suite("time-went-backwards") struct TimeWentBackwardsTests {
    @Test func timeGoingBackwardsIsReportedAtEachStepBack() {
      let lines = [
        line(1, "p1", "mark", #""name":"a""#), line(5, "p1", "mark", #""name":"b""#),
        line(2, "p1", "mark", #""name":"c""#), line(3, "p1", "mark", #""name":"d""#),
        line(3, "p1", "mark", #""name":"equal is fine""#),
      ]
      #expect(summary(audit(lines)) == ["3 p1 time-went-backwards"])
    }

    /// Equal timestamps (a whole tail at one `t`) and a long pause (an app suspended) are not backwards.
    @Test func equalTimesAndLongPausesAreClean() {
      var lines = presentation("p1", at: 1)
      lines.append(line(1.302, "p1", "mark", #""name":"same t""#))
      lines += dismissal("p1", at: 48)
      #expect(audit(lines).isEmpty)
    }
  }
}
