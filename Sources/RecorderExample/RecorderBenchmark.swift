import Foundation
import PresentationStateMachine

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
    func writeLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {}
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
    var out = "recorder benchmark: \(events) updateInteractiveTransition events per run, system clock, "
    out += "best of 3 runs after a warm-up\n"
    #if DEBUG
      out += "warning: a debug build; measure with swift build -c release --product RecorderExample\n"
    #endif
    out += "  ns per call: one record() call as its thread sees it (its time / its events, averaged over "
    out += "threads);\n  events/s: all threads together (wall time / all events is its inverse)\n"
    out += "  sink         threads  ns per call     events/s  wall ns per event\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recorder-benchmark-\(getpid()).jsonl"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    for threadCount in threads == 1 ? [1] : [1, threads] {
      out += measure("discarding", threads: threadCount, events: events) { DiscardingSink() }
      out += measure("file", threads: threadCount, events: events) { () -> any TraceSink in
        do throws(RecordingError) {
          return try FileTraceSink(path: path, flushInterval: 0.5)
        } catch {
          return FailedSink(error: error)
        }
      }
    }
    return out
  }

  /// Per-thread timings, written by each thread into its own slot.
  private final class Timings: @unchecked Sendable {
    let nanoseconds: UnsafeMutableBufferPointer<UInt64>
    init(threads: Int) { nanoseconds = .allocate(capacity: threads) }
    deinit { nanoseconds.deallocate() }
  }

  private static func measure(
    _ name: String, threads: Int, events: Int, sink makeSink: () -> any TraceSink
  ) -> String {
    // A warm-up run, then the best of three (by wall time).
    var best: (wall: Double, perCall: Double) = (.infinity, .infinity)
    let perThread = events / threads
    for run in 0..<4 {
      let sink = makeSink()
      let recorder = TraceRecorder(sink: sink)
      let timings = Timings(threads: threads)
      let start = DispatchTime.now().uptimeNanoseconds
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let id = "p\(thread)"
        let threadStart = DispatchTime.now().uptimeNanoseconds
        for index in 0..<perThread {
          recorder.record(
            .updateInteractiveTransition, id: id, Payload(percent: Double(index % 1000) / 1000))
        }
        timings.nanoseconds[thread] = DispatchTime.now().uptimeNanoseconds - threadStart
      }
      try? recorder.close()
      let wall = Double(DispatchTime.now().uptimeNanoseconds - start)
      let perCall = timings.nanoseconds.reduce(0.0) { $0 + Double($1) / Double(perThread) } / Double(threads)
      if run > 0, wall < best.wall { best = (wall, perCall) }
      if recorder.recordedEvents != perThread * threads || recorder.failure != nil {
        return "  \(name): recording failed: \(recorder.failure?.message ?? "events lost")\n"
      }
    }
    let total = Double(perThread * threads)
    func column(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    return "  \(name.padding(toLength: 11, withPad: " ", startingAt: 0))"
      + column("\(threads)", 8) + column(String(format: "%.0f", best.perCall), 13)
      + column(String(format: "%.0f", total / (best.wall / 1e9)), 13)
      + column(String(format: "%.0f", best.wall / total), 19) + "\n"
  }
}
