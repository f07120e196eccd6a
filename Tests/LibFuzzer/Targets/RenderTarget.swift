// The `render` target of Tests/LibFuzzer/run.sh: bytes → replay → everything drawn from it, the paths of
// `replay show`, `replay export` (Chrome, SVG and both export tables in both formats, held whole and
// streamed), `replay stats` with its `--merge` reader, and the audit report's text and JSON. Nothing here
// may trap on any input.

@testable import PresentationStateMachine

/// The libFuzzer entry point of the `render` target.
@_cdecl("LLVMFuzzerTestOneInput")
public func renderTargetTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  RenderTarget.run(FuzzCheck.bytes(data, size))
  return 0
}

/// Replays one input and renders it every way a command does.
enum RenderTarget {
  static func run(_ bytes: [UInt8]) {
    let open = { () throws(ReadFailure) in TraceReader(bytes: bytes) }
    let trace = ExportedTrace.read(path: "fuzz.jsonl", opening: open)
    let replay = trace.replay
    show(replay)
    tables(trace)
    streamed(open)
    statistics(replay)
    mergeReader(bytes)
    let audit = AuditReport(files: [replay.report], strict: false)
    FuzzCheck.consume(audit.text(color: true))
    FuzzCheck.consume(audit.json())
  }

  /// `replay show` at a narrow and a wide terminal, and the two drawings `replay export` makes.
  static func show(_ replay: TraceReplay) {
    FuzzCheck.consume(ShowRenderer.render(replay, width: 20, color: false))
    FuzzCheck.consume(ShowRenderer.render(replay, width: 120, color: true))
    FuzzCheck.consume(ChromeTraceExporter.export(replay))
    FuzzCheck.consume(SVGTimelineExporter.export(replay))
  }

  /// `replay export --table`: every table's rows in both formats.
  static func tables(_ trace: ExportedTrace) {
    for table in ExportTable.allCases {
      let rows = table.rows(of: trace)
      for format in ExportFormat.allCases {
        FuzzCheck.consume(format.header(of: table))
        for row in rows { FuzzCheck.consume(format.line(row, of: table)) }
      }
    }
  }

  /// The streamed paths of a long trace: the rows as the replay settles them, and the Chrome trace
  /// written a piece at a time with a window of 2 (so that it starts streaming early).
  static func streamed(_ open: () throws(ReadFailure) -> TraceReader) {
    let summary = ReplayStream.run(
      path: "fuzz.jsonl", opening: open,
      transition: { FuzzCheck.consume(ExportFormat.csv.line(ExportTable.row(of: $0, in: "fuzz.jsonl"))) },
      finding: { FuzzCheck.consume(ExportFormat.jsonl.line(ExportTable.row(of: $0, in: "fuzz.jsonl"))) })
    FuzzCheck.consume(ExportFormat.csv.line(ExportTable.row(of: summary)))
    let chrome = ChromeTraceExporter.export(path: "fuzz.jsonl", window: 2, opening: open) {
      FuzzCheck.consume($0)
    }
    FuzzCheck.consume(chrome.document ?? "")
  }

  /// `replay stats`: the statistics of the trace, their text and JSON, and `--merge` reading that JSON.
  static func statistics(_ replay: TraceReplay) {
    var statistics = TraceStatistics()
    statistics.add(replay)
    statistics.add(replay)
    FuzzCheck.consume(statistics.text())
    let json = statistics.json()
    FuzzCheck.consume(json)
    if let again = try? TraceStatistics(json: json) {
      var merged = again
      merged.merge(statistics)
      FuzzCheck.consume(merged.json())
    }
  }

  /// `replay stats --merge` on whatever the input is: a statistics file from elsewhere is untrusted too.
  static func mergeReader(_ bytes: [UInt8]) {
    guard let statistics = try? TraceStatistics(json: String(decoding: bytes, as: UTF8.self)) else { return }
    var merged = statistics
    merged.merge(statistics)
    FuzzCheck.consume(merged.text())
    FuzzCheck.consume(merged.json())
  }
}
