import Foundation
import Testing

@testable import PresentationStateMachine

/// Every trace under `traces/` (the regressions of absurd numbers included) goes through `show` and both
/// exporters without trapping or hanging, and what they write is well formed.
@Suite struct RenderingTracesTests {
  @Test(arguments: BundledTracesTests.traceFiles)
  func showAndExportRenderEveryTrace(_ relativePath: String) throws {
    let path = BundledTracesTests.tracesDirectory.appendingPathComponent(relativePath).path
    let replay = TraceReplay.run(path: path)
    #expect(!ShowRenderer.render(replay, width: 20, color: false).isEmpty)
    #expect(!ShowRenderer.render(replay, width: 120, color: true).isEmpty)
    let chrome = ChromeTraceExporter.export(replay)
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(chrome.utf8))) != nil, "\(relativePath): Chrome JSON")
    let svg = SVGTimelineExporter.export(replay)
    #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"), "\(relativePath): SVG")
    #expect(!svg.contains("null"), "\(relativePath): an SVG attribute holds a number JSON would spell null")
  }
}
