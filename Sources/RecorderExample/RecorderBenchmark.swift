import Foundation
import StateMachine

/// Measures the recorder's cost per event and its throughput, from one thread and from many.
///
/// ```swift
/// RecorderBenchmark.run(events: 1_000_000, threads: 8)
/// ```
///
/// Each event is an `updateInteractiveTransition` with its percent (the busiest callback of a
/// transition), stamped by the system clock. Two sinks: one that discards lines (the recorder alone:
/// validation, formatting, clock, lock) and the file sink writing a temporary file (64 KiB buffer).
enum RecorderBenchmark {
  /// A sink that drops every line: measures the recorder without I/O.
  final class DiscardingSink: TraceSink {
    func write(_ line: String) throws(RecordingError) {}
    func flush() throws(RecordingError) {}
    func close() throws(RecordingError) {}
  }

  /// A sink that could not be opened: every write throws why.
  final class FailedSink: TraceSink {
    let error: RecordingError
    init(error: RecordingError) { self.error = error }
    func write(_ line: String) throws(RecordingError) { throw error }
    func flush() throws(RecordingError) { throw error }
    func close() throws(RecordingError) { throw error }
  }

  static func run(events: Int, threads: Int) -> String {
    var out = "recorder benchmark: \(events) events per run, system clock, updateInteractiveTransition\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recorder-benchmark-\(getpid()).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    for threadCount in [1, threads] {
      out += measure("discarding sink", threads: threadCount, events: events) { DiscardingSink() }
      out += measure("file sink", threads: threadCount, events: events) { () -> any TraceSink in
        do throws(RecordingError) {
          return try FileTraceSink(path: path, flushInterval: 0.5)
        } catch {
          return FailedSink(error: error)
        }
      }
    }
    return out
  }

  private static func measure(
    _ name: String, threads: Int, events: Int, sink makeSink: () -> any TraceSink
  ) -> String {
    // A warm-up run, then the best of three.
    var best = Double.infinity
    for run in 0..<4 {
      let sink = makeSink()
      let recorder = TraceRecorder(sink: sink)
      let perThread = events / threads
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let id = "p\(thread)"
        for index in 0..<perThread {
          recorder.record(
            .updateInteractiveTransition, id: id, Payload(percent: Double(index % 1000) / 1000))
        }
      }
      try? recorder.close()
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      if run > 0 { best = min(best, seconds) }
      if recorder.recordedEvents != perThread * threads || recorder.failure != nil {
        return "  \(name): recording failed: \(recorder.failure?.message ?? "events lost")\n"
      }
    }
    let total = Double(events / threads * threads)
    let nanoseconds = best * 1e9 / total
    let label = "\(name), \(threads) thread\(threads == 1 ? "" : "s"):"
    return "  \(label.padding(toLength: 30, withPad: " ", startingAt: 0))"
      + "\(String(format: "%7.0f", nanoseconds)) ns/event  "
      + "\(String(format: "%11.0f", total / best)) events/s  (best of 3: \(String(format: "%.3f", best)) s)\n"
  }
}
