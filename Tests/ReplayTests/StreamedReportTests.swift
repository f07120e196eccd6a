import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `replay audit` writes its report a line (or a finding) at a time, so that a trace with tens of
/// thousands of findings does not hold its report whole in memory beside them.
@Suite struct StreamedReportTests {
  let rules = ReplayCLITests.tracesDirectory + "/rules"

  @Test(arguments: ["text", "json"])
  func theAuditReportArrivesInPiecesThatMakeTheWholeReport(format: String) throws {
    let result = ReplayCLI.run(
      ["audit", "--format", format, "--jobs", "1", rules], context: ReplayCLI.Context())
    var pieces: [String] = []
    result.writeStdout { pieces.append($0) }
    let whole = AuditReport(files: TraceFiles.expand([rules]).files.map { FileReport.audit(path: $0.path) })
    let findings = whole.files.map(\.findings.count).reduce(0, +)
    #expect(findings > 10)
    // At least one piece per finding: nothing gathers the report before it is written.
    #expect(pieces.count > findings)
    #expect(pieces.joined() == result.stdout)
    #expect(result.stdout == (format == "json" ? whole.json() + "\n" : whole.text(color: false)))
  }

  @Test func aHeldOutputIsWrittenAsOnePiece() {
    let result = ReplayCLI.Result(stdout: "replay 0.1.0\n")
    var pieces: [String] = []
    result.writeStdout { pieces.append($0) }
    #expect(pieces == ["replay 0.1.0\n"])
  }
}
