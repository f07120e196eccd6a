import PresentationStateMachine

func printFindings(of path: String) {
  let report = FileReport.audit(path: path)
  for finding in report.findings {
    print("\(path):\(finding.line): [\(finding.rule.rawValue)] \(finding.message)")
  }
}
