import Foundation
import Testing

@testable import PresentationStateMachine

/// Which transitions carry a resolved style (a presentation from its first `viewWillAppear`, its
/// dismissals from it), and the `resolved_style` column of the transitions table.
@Suite struct ResolvedStyleReconstructionTests {
  static let samplePath = ReaderDifferentialTests.root.appendingPathComponent(
    "traces/valid/resolved-style-sheet.jsonl"
  ).path

  static func transitions(_ lines: [String]) -> [ReconstructedTransition] {
    let bytes = Array(lines.joined(separator: "\n").utf8)
    let replay = TraceReplay.run(reader: TraceReader(bytes: bytes), path: "t")
    #expect(replay.report.inputErrors.isEmpty)
    return replay.transitions
  }

  /// An observed sheet presented as `style` (resolved as `resolved`, if given) and dismissed, from `t`.
  static func sheet(_ id: String, at t: Double, style: String, resolved: String?) -> [String] {
    let resolvedMember = resolved.map { #","resolvedStyle":"\#($0)""# } ?? ""
    return [
      line(t, id, "present", #""presenter":"root","style":"\#(style)""#),
      line(t + 0.004, id, "viewWillAppear", #""animated":true\#(resolvedMember)"#),
      line(t + 0.5, id, "viewDidAppear", #""animated":true"#),
      line(t + 2, id, "dismiss"),
      line(t + 2.004, id, "viewWillDisappear", #""animated":true"#),
      line(t + 2.4, id, "viewDidDisappear", #""animated":true"#),
    ]
  }

  @Test func theSampleTraceCarriesItsResolvedStyles() {
    let replay = TraceReplay.run(path: Self.samplePath)
    #expect(replay.report.findings.isEmpty)
    let rows = replay.transitions.map {
      [$0.id, $0.kind.rawValue, $0.style, $0.resolvedStyle, $0.presentedStyle]
    }
    #expect(
      rows == [
        ["settings", "presentation", "automatic", "pageSheet", "pageSheet"],
        ["settings", "dismissal", "automatic", "pageSheet", "pageSheet"],
        ["settings", "dismissal", "automatic", "pageSheet", "pageSheet"],
        ["card", "presentation", "custom", "custom", "custom"],
        ["card", "dismissal", "custom", "custom", "custom"],
      ])
  }

  /// A second presentation of the same id starts over: it has the resolved style its own first
  /// `viewWillAppear` recorded, or none.
  @Test func aNewPresentationOfTheIdForgetsTheLastResolvedStyle() {
    let transitions = Self.transitions(
      Self.sheet("s", at: 1, style: "automatic", resolved: "pageSheet")
        + Self.sheet("s", at: 10, style: "formSheet", resolved: nil))
    #expect(transitions.map(\.resolvedStyle) == ["pageSheet", "pageSheet", nil, nil])
    #expect(transitions.map(\.presentedStyle) == ["pageSheet", "pageSheet", "formSheet", "formSheet"])
  }

  /// Without a `style` or a resolved one, the style shown is `custom`, the format's default.
  @Test func withNeitherStyleThePresentedStyleIsCustom() {
    let transitions = Self.transitions(presentation("card", at: 1) + dismissal("card", at: 3))
    #expect(transitions.map(\.presentedStyle) == ["custom", "custom"])
    #expect(transitions.allSatisfy { $0.resolvedStyle == nil })
  }

  /// The first resolved style of a presentation wins; one on a dismissal's `viewWillAppear` (a swipe
  /// taken back) or on a root's is not the presentation's.
  @Test func onlyThePresentationsFirstResolvedStyleCounts() {
    let transitions = Self.transitions([
      line(1, "s", "present", #""presenter":"root","style":"automatic""#),
      line(1.004, "s", "viewWillAppear", #""animated":true,"resolvedStyle":"formSheet""#),
      line(1.005, "s", "viewWillAppear", #""animated":true,"resolvedStyle":"popover""#),
      line(1.5, "s", "viewDidAppear", #""animated":true"#),
      line(3, "s", "presentationControllerWillDismiss"),
      line(3.001, "s", "viewWillDisappear", #""animated":true"#),
      line(3.5, "s", "viewWillAppear", #""animated":true,"resolvedStyle":"fullScreen""#),
      line(3.7, "s", "viewDidAppear", #""animated":true"#),
      line(4, "root", "viewWillAppear", #""animated":true,"resolvedStyle":"overFullScreen""#),
    ])
    #expect(transitions.map(\.kind) == [.presentation, .dismissal])
    #expect(transitions.map(\.resolvedStyle) == ["formSheet", "formSheet"])
  }

  // MARK: Export

  @Test func theTransitionsTableEndsWithTheResolvedStyle() throws {
    let columns = ExportTable.transitions.columns
    let last = try #require(columns.last)
    #expect(last.name == "resolved_style")
    #expect(last.type == .varchar)
    #expect(last.nullable)
    // Added at the end: the version of the other columns did not change.
    #expect(ExportTable.schemaVersion == 1)
    #expect(columns.firstIndex { $0.name == "style" } == 4)
  }

  @Test func theColumnHoldsTheResolvedStyleOrNull() {
    let sample = ExportTable.transitions.rows(of: ExportedTrace.read(path: Self.samplePath))
    #expect(
      sample.map(\.last) == [
        .varchar("pageSheet"), .varchar("pageSheet"), .varchar("pageSheet"), .varchar("custom"),
        .varchar("custom"),
      ])
    let plainPath = ReaderDifferentialTests.root.appendingPathComponent(
      "traces/valid/system-sheet-swipe-dismissed.jsonl"
    ).path
    let plain = ExportTable.transitions.rows(of: ExportedTrace.read(path: plainPath))
    #expect(!plain.isEmpty)
    #expect(plain.allSatisfy { $0.last == .null })
  }

  @Test func bothFormatsWriteTheColumn() throws {
    let rows = ExportTable.transitions.rows(of: ExportedTrace.read(path: Self.samplePath))
    let first = try #require(rows.first)
    #expect(ExportFormat.jsonl.line(first, of: .transitions).contains(#""resolved_style":"pageSheet"}"#))
    #expect(ExportFormat.csv.header(of: .transitions).hasSuffix(",last_line,resolved_style\r\n"))
  }
}
