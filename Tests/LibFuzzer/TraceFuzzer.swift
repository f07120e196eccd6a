// A libFuzzer harness for the whole way a trace goes: the bytes are read by `TraceReader(bytes:)` and
// audited the way `replay audit` does (`FileReport.consume`, then the text and JSON reports), replayed the
// way `replay show` and `replay stats` do (`TraceReplay.run`, `ShowRenderer.render`, `TraceStatistics`
// with its text, its JSON and the `--merge` reader of that JSON), and the same bytes are also handed to
// the `--merge` reader directly. Nothing here may trap on any input.
//
// It is not a SwiftPM target (SwiftPM only builds `Tests/StateMachineTests` and `Tests/ReplayTests`):
// `Tests/LibFuzzer/run.sh` compiles it together with every file of `Sources/StateMachine` with
// `swiftc -sanitize=fuzzer`, so it sees the library as one module and calls what `replay` calls, public or
// `package`.

import Foundation

/// The libFuzzer entry point: one input, every stage; returns 0 (the input is always kept if new).
@_cdecl("LLVMFuzzerTestOneInput")
public func traceFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  TraceFuzzer.run(bytes)
  return 0
}

/// The stages the harness drives, in the order the commands run them.
enum TraceFuzzer {
  static func run(_ bytes: [UInt8]) {
    audit(bytes)
    let replay = TraceReplay.run(reader: TraceReader(bytes: bytes), path: "fuzz.jsonl")
    show(replay)
    statistics(replay)
    mergeReader(bytes)
  }

  /// `replay audit`: one streaming pass, then both renderings of the report.
  static func audit(_ bytes: [UInt8]) {
    var report = FileReport(path: "fuzz.jsonl")
    report.consume(TraceReader(bytes: bytes))
    let audit = AuditReport(files: [report], strict: true)
    consume(audit.text(color: false))
    consume(audit.json())
    consume(String(audit.exitStatus.rawValue))
  }

  /// `replay show` and `replay export`: every transition rebuilt, then the text blocks and the timeline
  /// (narrow and wide), the Chrome trace and the SVG timeline.
  static func show(_ replay: TraceReplay) {
    consume(ShowRenderer.render(replay, width: 20, color: false))
    consume(ShowRenderer.render(replay, width: 120, color: true))
    consume(ChromeTraceExporter.export(replay))
    consume(SVGTimelineExporter.export(replay))
  }

  /// `replay stats`: the statistics of the trace, their text and JSON, and `--merge` reading that JSON.
  static func statistics(_ replay: TraceReplay) {
    var statistics = TraceStatistics()
    statistics.add(replay)
    statistics.add(replay)
    consume(statistics.text())
    let json = statistics.json()
    consume(json)
    if let again = try? TraceStatistics(json: json) {
      var merged = again
      merged.merge(statistics)
      consume(merged.json())
    }
  }

  /// `replay stats --merge` on whatever the input is: a statistics file from elsewhere is untrusted too.
  static func mergeReader(_ bytes: [UInt8]) {
    guard let statistics = try? TraceStatistics(json: String(decoding: bytes, as: UTF8.self)) else { return }
    var merged = statistics
    merged.merge(statistics)
    consume(merged.text())
    consume(merged.json())
  }

  /// Keeps the optimizer from dropping a rendering whose result nobody reads.
  @inline(never)
  static func consume(_ text: String) {
    if text.utf8.count == Int.max { print(text) }
  }
}
