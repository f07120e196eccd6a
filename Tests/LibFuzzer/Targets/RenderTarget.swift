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
    // `replay show` and `stats` replay a reader they opened; the export tables add the header.
    let replay = TraceReplay.run(reader: TraceReader(bytes: bytes), path: "fuzz.jsonl")
    let trace = ExportedTrace(path: "fuzz.jsonl", replay: replay, header: ExportedTrace.header(opening: open))
    show(replay)
    // One format an input (by its length), both over the corpus: formatting is a tenth of the time.
    tables(trace, ExportFormat.allCases[bytes.count % ExportFormat.allCases.count])
    streamed(open)
    statistics(replay)
    mergeReader(bytes)
    let audit = AuditReport(files: [replay.report], strict: true)
    FuzzCheck.consume(audit.text(color: true))
    FuzzCheck.consume(audit.json())
    FuzzCheck.consume(String(audit.exitStatus.rawValue))
  }

  /// `replay show` at a narrow and a wide terminal, and the two drawings `replay export` makes.
  static func show(_ replay: TraceReplay) {
    FuzzCheck.consume(ShowRenderer.render(replay, width: 20, color: false))
    FuzzCheck.consume(ShowRenderer.render(replay, width: 120, color: true))
    FuzzCheck.consume(ChromeTraceExporter.export(replay))
    FuzzCheck.consume(SVGTimelineExporter.export(replay))
  }

  /// `replay export --table`: every table's rows in `format`.
  static func tables(_ trace: ExportedTrace, _ format: ExportFormat) {
    for table in ExportTable.allCases {
      FuzzCheck.consume(format.header(of: table))
      for row in table.rows(of: trace) { FuzzCheck.consume(format.line(row, of: table)) }
    }
  }

  /// The streamed paths of a long trace: the replay handing over transitions and findings as they
  /// settle (their rows are those `tables` formats), and the Chrome trace written a piece at a time with
  /// a window of 2 (so that it starts streaming early).
  static func streamed(_ open: () throws(ReadFailure) -> TraceReader) {
    var handed = 0
    let summary = ReplayStream.run(
      path: "fuzz.jsonl", opening: open, transition: { _ in handed += 1 }, finding: { _ in handed += 1 })
    FuzzCheck.consume(ExportFormat.csv.line(ExportTable.row(of: summary)) + String(handed))
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
