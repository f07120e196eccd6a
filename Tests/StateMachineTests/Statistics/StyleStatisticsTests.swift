import Foundation
import Testing

@testable import PresentationStateMachine

/// `replay stats` by style: each transition counts under the style it was shown in, the resolved one
/// where the trace recorded it, else the requested one; in the text table, the JSON, and merges.
@Suite struct StyleStatisticsTests {
  static func statistics(_ paths: [String]) -> TraceStatistics {
    var statistics = TraceStatistics()
    for path in paths {
      statistics.add(TraceReplay.run(path: ReaderDifferentialTests.root.appendingPathComponent(path).path))
    }
    return statistics
  }

  static let sample = "traces/valid/resolved-style-sheet.jsonl"
  /// A page sheet requested by name, no resolved style: counted under its request.
  static let requested = "traces/valid/system-sheet-swipe-dismissed.jsonl"

  @Test func transitionsCountUnderTheResolvedStyleElseTheRequestedOne() {
    let statistics = Self.statistics([Self.sample, Self.requested])
    #expect(
      statistics.styles == [
        "presentation pageSheet": 2, "dismissal pageSheet": 3, "presentation custom": 1,
        "dismissal custom": 1,
      ])
    // The sample's sheet was requested as automatic: nothing counts under it.
    #expect(!statistics.styles.keys.contains { $0.hasSuffix(" automatic") })
  }

  @Test func withoutAResolvedStyleTheRequestCounts() {
    let statistics = Self.statistics(["traces/valid/system-alert-request-and-completion-only.jsonl"])
    #expect(statistics.styles == ["presentation alert": 1, "dismissal alert": 1])
  }

  @Test func theTextReportHasAStylesTable() {
    let text = Self.statistics([Self.sample, Self.requested]).text()
    let expected = """

      styles          presentation     dismissal
        pageSheet     2                3
        custom        1                1

      durations (s)
      """
    #expect(text.contains(expected), "\(text)")
  }

  /// A long style name widens the column (up to a point) and never runs into the counts.
  @Test func longStyleNamesKeepTheirColumnsApart() {
    var statistics = TraceStatistics()
    statistics.styles = [
      "presentation overCurrentContext": 2, "dismissal overCurrentContext": 1,
      "presentation " + String(repeating: "x", count: 60): 1, "presentation pageSheet": 3,
    ]
    let lines = statistics.text().split(separator: "\n").map(String.init)
    let header = lines.firstIndex { $0.hasPrefix("styles") } ?? 0
    // The name column is 41 wide (40 and a space); a count column, 17.
    func cells(_ name: String, _ presentations: Int, _ dismissals: Int) -> String {
      "  " + name.padded(to: 41) + String(presentations).padded(to: 17) + String(dismissals)
    }
    #expect(lines[header] == "styles".padded(to: 43) + "presentation".padded(to: 17) + "dismissal")
    // Equal totals (3) in name order.
    #expect(lines[header + 1] == cells("overCurrentContext", 2, 1))
    #expect(lines[header + 2] == cells("pageSheet", 3, 0))
    #expect(lines[header + 3] == "  " + String(repeating: "x", count: 60) + " " + "1".padded(to: 17) + "0")
  }

  /// Malformed keys from a merged file are left out of the table, not shown under a wrong kind.
  @Test func keysThatAreNotKindAndStyleAreLeftOutOfTheTable() {
    var statistics = TraceStatistics()
    statistics.styles = ["presentation pageSheet": 1, "pageSheet": 4, "modal pageSheet": 2]
    let text = statistics.text()
    #expect(text.contains("  " + "pageSheet".padded(to: 14) + "1".padded(to: 17) + "0\n"))
    #expect(!text.contains("modal"))
  }

  /// A style is trace text: escaped for the terminal like ids, and measured as printed.
  @Test func styleNamesAreEscapedForTheTerminal() {
    var statistics = TraceStatistics()
    statistics.styles = ["presentation sheet\u{1B}[2J\nx": 1]
    let text = statistics.text()
    #expect(!text.contains("\u{1B}"))
    #expect(text.contains("  " + #"sheet\u{1B}[2J\u{A}x"#.padded(to: 21) + "1".padded(to: 17) + "0\n"))
  }

  @Test func noTransitionsNoTable() {
    #expect(!TraceStatistics().text().contains("styles"))
  }

  @Test func theJSONCountsAndReadsBackAndMerges() throws {
    let statistics = Self.statistics([Self.sample, Self.requested])
    let json = statistics.json()
    #expect(
      json.contains(
        #""styles":{"dismissal custom":1,"dismissal pageSheet":3,"presentation custom":1,"presentation pageSheet":2}"#
      ))
    let read = try TraceStatistics(json: json)
    #expect(read.styles == statistics.styles)
    var merged = read
    merged.merge(try TraceStatistics(json: Self.statistics([Self.sample]).json()))
    #expect(merged.styles["presentation pageSheet"] == 3)
    #expect(merged.styles["dismissal custom"] == 2)
  }

  /// Statistics written before styles were counted still read and merge: they add none.
  @Test func statisticsWithoutStylesStillMerge() throws {
    let statistics = Self.statistics([Self.requested])
    var old = statistics.json()
    let member = #","styles":{"dismissal pageSheet":1,"presentation pageSheet":1}"#
    #expect(old.contains(member))
    old = old.replacingOccurrences(of: member, with: "")
    let read = try TraceStatistics(json: old)
    #expect(read.styles.isEmpty)
    var merged = read
    merged.merge(statistics)
    #expect(merged.styles == statistics.styles)
  }
}
