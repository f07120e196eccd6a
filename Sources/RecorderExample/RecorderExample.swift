import Foundation
import PresentationRecordingUIKit
import ScriptedUIKit

/// The example program: records a session through the file sink (`RecorderExample PATH`), records until
/// killed (the crash test's child), or measures the recorder (`--benchmark`).
enum RecorderExample {
  static let usage = """
    USAGE: RecorderExample [--bug] PATH
           RecorderExample --until-killed PATH
           RecorderExample --benchmark [--events N] [--threads N]

    Records a session of the App Store card transition (two cards opened, one rotated and dragged away,
    one dragged back and closed) to PATH with a virtual clock, auditing it live: a scripted UIKit plays
    the session through the recording glue (PresentationRecordingUIKit), as UIKit would in an app. Then:
        swift run replay audit PATH

    OPTIONS:
      --bug             the animator ignores a cancelled drag (completeTransition(true)): a finding
      --until-killed    record card sessions with the system clock, flushing every 10 ms, until killed
                        (prints "recording" once the first lines are on disk)
      --benchmark       measure the recorder's cost per event from 1 thread and from --threads threads
      --events N        events per benchmark run (default 1000000)
      --threads N       threads of the concurrent benchmark run (default 8)
      -h, --help        Show this help
    """

  struct UsageFailure: Error { var message: String }

  @MainActor
  static func main(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    func take(_ flag: String) -> Bool {
      guard let index = arguments.firstIndex(of: flag) else { return false }
      arguments.remove(at: index)
      return true
    }
    func number(_ flag: String, default fallback: Int) throws(UsageFailure) -> Int {
      guard let index = arguments.firstIndex(of: flag) else { return fallback }
      guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number > 0 else {
        throw UsageFailure(message: "\(flag) needs a positive number")
      }
      arguments.removeSubrange(index...index + 1)
      return number
    }
    do throws(UsageFailure) {
      if take("--help") || take("-h") {
        print(usage)
        return 0
      }
      if take("--benchmark") {
        let events = try number("--events", default: 1_000_000)
        let threads = try number("--threads", default: 8)
        print(RecorderBenchmark.run(events: events, threads: threads), terminator: "")
        return 0
      }
      let untilKilled = take("--until-killed")
      let withBug = take("--bug")
      guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") else {
        throw UsageFailure(
          message: arguments.isEmpty
            ? "give the trace file to write" : "unexpected arguments: \(arguments.joined(separator: " "))")
      }
      return untilKilled ? recordUntilKilled(path) : recordSession(path, withBug: withBug)
    } catch {
      printError("error: \(error.message)\n\n\(usage)")
      return 64
    }
  }

  static func header(expect: [String]?) -> TraceHeader {
    TraceHeader(
      expect: expect,
      metadata: [
        ("app", .string("RecorderExample")),
        ("note", .string("App Store card transition, recorded through the UIKit glue and FileTraceSink")),
      ])
  }

  /// The recorder of the session: view controllers are named after their card ids.
  static func presentationRecorder(_ trace: TraceRecorder) -> PresentationRecorder {
    PresentationRecorder(trace) { ($0 as? ScriptedViewController)?.name }
  }

  /// One visit to the Today tab with a virtual clock, audited live; exit status 1 when recording failed.
  @MainActor
  static func recordSession(_ path: String, withBug: Bool) -> Int32 {
    let clock = VirtualTraceClock(start: 1843.2071)
    let live = LiveAuditor { finding in
      printError(
        "live: \(path):\(finding.line):1: \(finding.severity.rawValue): [\(finding.rule.rawValue)] "
          + finding.message)
    }
    let sink: FileTraceSink
    do {
      sink = try FileTraceSink(path: path)
    } catch {
      printError("error: \(error)")
      return 1
    }
    let recorder = TraceRecorder(
      sink: sink, clock: clock, header: header(expect: withBug ? ["complete-contradicts-cancel"] : []),
      liveAuditor: live
    ) { error in printError("error: \(error)") }
    // Whole microseconds, as a device's clock would print them (sums of doubles drift in the last digit).
    var session = CardSession(recorder: presentationRecorder(recorder)) {
      clock.set(((clock.time + $0) * 1e6).rounded() / 1e6)
    }
    session.ignoresCancellation = withBug
    session.todayTabVisit()
    do {
      try recorder.close()
    } catch {
      printError("error: \(error)")
      return 1
    }
    let count = live.settledFindings
    print(
      "recorded \(recorder.recordedEvents) events to \(path), \(count) finding\(count == 1 ? "" : "s") "
        + "live; next: swift run replay audit \(path)")
    return 0
  }

  /// Records card sessions with the system clock as fast as it can until the process is killed.
  @MainActor
  static func recordUntilKilled(_ path: String) -> Int32 {
    let sink: FileTraceSink
    do {
      sink = try FileTraceSink(path: path, flushInterval: 0.01)
    } catch {
      printError("error: \(error)")
      return 1
    }
    let recorder = TraceRecorder(sink: sink, header: header(expect: nil)) { error in
      printError("error: \(error)")
      exit(1)
    }
    var session = CardSession(recorder: presentationRecorder(recorder)) { _ in }
    session.todayTabVisit()
    do {
      try recorder.flush()
    } catch {
      printError("error: \(error)")
      return 1
    }
    FileHandle.standardOutput.write(Data("recording\n".utf8))
    while true { session.todayTabVisit() }
  }

  static func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
