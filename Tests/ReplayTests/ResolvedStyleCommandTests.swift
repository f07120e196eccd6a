import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `resolvedStyle` through the command line: a mistyped one is an input error at its file, line and
/// column, and `replay stats` counts the sample trace's sheet under the style UIKit resolved.
@Suite struct ResolvedStyleCommandTests {
  let cli = ReplayCLITests()

  @Test func aMistypedResolvedStyleIsAnInputErrorWithFileLineAndColumn() throws {
    let bad = #"{"t":1.004,"id":"s","event":"viewWillAppear","animated":true,"resolvedStyle":2}"#
    let path = try cli.temporaryTrace([#"{"t":1,"id":"s","event":"present","style":"automatic"}"#, bad])
    let result = cli.run(["audit", path])
    #expect(result.status == .inputError)
    let column = bad.utf8.count - 1
    #expect(
      result.stdout.contains(
        "\(path):2:\(column): error: [input] \"resolvedStyle\" of viewWillAppear must be a string, found a number"
      ), "\(result.stdout)")
  }

  @Test func statsCountsTheSampleSheetUnderItsResolvedStyle() {
    let path = ReplayCLITests.tracesDirectory + "/valid/resolved-style-sheet.jsonl"
    let text = cli.run(["stats", path])
    #expect(text.status == .clean)
    #expect(text.stdout.contains("\n  pageSheet     1                2\n"), "\(text.stdout)")
    #expect(!text.stdout.contains("automatic"))
    let json = cli.run(["stats", "--format", "json", path])
    #expect(json.stdout.contains(#""styles":{"dismissal custom":1,"dismissal pageSheet":2,"#))
  }
}
