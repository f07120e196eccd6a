// The `settings` target of Tests/LibFuzzer/run.sh: what a project writes for the audit besides its
// events. Every input is read two ways:
//
// - as a `.replay.json` (`SettingsFile`, the reader every auditing command uses); settings it accepts
//   must be in range, and audit a short trace with timing and interactions under them;
// - as a trace whose header says what its audit must report (`expect`) and which rules it turns off
//   (`ignore`): it is audited, compared with its `expect` as `replay audit` does, and rewritten as
//   `replay expect` rewrites it; the rewritten trace's audit must then agree with its new `expect`.

@testable import PresentationStateMachine

/// The libFuzzer entry point of the `settings` target.
@_cdecl("LLVMFuzzerTestOneInput")
public func settingsTargetTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = FuzzCheck.bytes(data, size)
  SettingsTarget.settingsFile(bytes)
  SettingsTarget.header(bytes)
  return 0
}

/// Reads one input as a settings file and as a trace with a header.
enum SettingsTarget {
  /// A trace that every threshold changes something of: a timed transition, a layout pass, an
  /// interaction left undriven and one that hangs.
  static let trace = Array(
    """
    {"t":0,"id":"p1","event":"present","style":"pageSheet"}
    {"t":0,"id":"p1","event":"presentationTransitionWillBegin"}
    {"t":0.01,"id":"p1","event":"animateTransition","duration":0.3}
    {"t":0.02,"id":"p1","event":"containerViewWillLayoutSubviews"}
    {"t":0.05,"id":"p1","event":"containerViewDidLayoutSubviews"}
    {"t":0.5,"id":"p1","event":"completeTransition","didComplete":true}
    {"t":0.5,"id":"p1","event":"presentationTransitionDidEnd","completed":true}
    {"t":0.6,"id":"p1","event":"completion"}
    {"t":2,"id":"p1","event":"dismiss"}
    {"t":2,"id":"p1","event":"dismissalTransitionWillBegin"}
    {"t":2,"id":"p1","event":"startInteractiveTransition","duration":0.3}
    {"t":2.1,"id":"p1","event":"updateInteractiveTransition","percent":0.2}
    {"t":9,"id":"p2","event":"present"}

    """.utf8)

  static func settingsFile(_ bytes: [UInt8]) {
    var configuration = AuditConfiguration()
    do {
      try SettingsFile.apply(bytes: bytes, path: ".replay.json", to: &configuration)
    } catch {
      FuzzCheck.consume(error.message)
      return
    }
    guard configuration.grace >= 0, configuration.frameRate > 0, configuration.toleranceRatio >= 0,
      configuration.toleranceSeconds >= 0, configuration.undrivenAfter >= 0,
      configuration.presentationLimit >= 1,
      [
        configuration.grace, configuration.frameRate, configuration.toleranceRatio,
        configuration.toleranceSeconds, configuration.undrivenAfter,
      ].allSatisfy(\.isFinite)
    else {
      FuzzCheck.fail("the settings file was accepted with a threshold out of range: \(configuration)")
    }
    let report = FileReport.audit(path: "settings.jsonl", configuration: configuration) {
      TraceReader(bytes: trace)
    }
    for finding in report.findings where configuration.rules.disabled.contains(finding.rule) {
      FuzzCheck.fail("\(finding.rule.rawValue) is disabled by the settings but was reported")
    }
    FuzzCheck.consume(AuditReport(files: [report], strict: true).text(color: false))
  }

  static func header(_ bytes: [UInt8]) {
    let report = FileReport.audit(path: "fuzz.jsonl") { TraceReader(bytes: bytes) }
    if let difference = try? ExpectHeader.difference(report) { FuzzCheck.consume(difference.text) }
    for lines in [true, false] {
      guard let rewritten = try? ExpectHeader.rewrite(bytes, findings: report.findings, lines: lines) else {
        continue
      }
      let again = FileReport.audit(path: "fuzz.jsonl") { TraceReader(bytes: rewritten.bytes) }
      guard again.expect == rewritten.expect.map(\.description) else {
        FuzzCheck.fail("the rewritten header says \(again.expect ?? []), not \(rewritten.expect)")
      }
      let difference: ExpectHeader.Difference?
      do {
        difference = try ExpectHeader.difference(again)
      } catch {
        FuzzCheck.fail("the rewritten header holds a malformed entry: \(error.message)")
      }
      if let difference {
        FuzzCheck.fail(
          "the audit of the rewritten trace differs from its new expect (lines: \(lines)): \(difference.text)"
        )
      }
    }
  }
}
