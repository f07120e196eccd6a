/// How an audit ends, as a process's exit status: the documented statuses, and the one policy that picks
/// among them, which the text report's summary, the JSON report's `exitStatus`, `replay tail` and the
/// process's exit all read (<doc:Rules#Reports-and-exit-status>).
///
/// ```swift
/// let status = AuditExitStatus(errors: 0, warnings: 1, inputErrors: 0, strict: true)
/// status                   // .findings: with strict, warnings fail the run too
/// status.rawValue          // 1
/// status.verdict(errors: 0) // .strictWarnings: the summary says "(warnings, strict)", not "(clean)"
/// ```
///
/// The values follow swift-argument-parser's `ExitCode` (`success`, `failure`, `validationFailure` = 64);
/// where several apply, input errors win over findings.
package enum AuditExitStatus: Int32, Sendable, Hashable, CaseIterable {
  /// 0: nothing to report; an audit may still have printed warnings (unless strict).
  case clean = 0
  /// 1: what the command checks failed: an error finding (or any finding when strict), findings that
  /// differ from a header's `expect`, a failing fuzz case or property, a trace that does not report the
  /// rule to shrink for.
  case findings = 1
  /// 2: input the command could not use: a malformed trace line, an unreadable or unwritable file, a
  /// settings file that cannot be read, a refused snapshot.
  case inputError = 2
  /// 64: wrong usage of the command line (an unknown option, a missing or malformed value).
  case usage = 64

  /// The status of an audit that found `errors` error findings, `warnings` warnings and `inputErrors`
  /// input errors (unreadable files included); `strict` (`--strict`) makes warnings fail the run as errors
  /// do.
  ///
  /// ```swift
  /// AuditExitStatus(errors: 1, warnings: 0, inputErrors: 1, strict: false)  // .inputError: 2 wins over 1
  /// ```
  package init(errors: Int, warnings: Int, inputErrors: Int, strict: Bool) {
    if inputErrors > 0 {
      self = .inputError
    } else if errors > 0 || (strict && warnings > 0) {
      self = .findings
    } else {
      self = .clean
    }
  }

  /// What a summary line says of a run that ended with this status.
  ///
  /// ```swift
  /// AuditExitStatus.findings.verdict(errors: 2).text  // "failed"
  /// ```
  package enum Verdict: String, Sendable, Hashable, CaseIterable {
    /// Exit 0.
    case clean
    /// Exit 1 with an error finding.
    case failed
    /// Exit 1 on warnings alone: only strictness failed the run, and the summary says so instead of
    /// calling a run that fails clean.
    case strictWarnings = "warnings, strict"
    /// Exit 2.
    case inputErrors = "input errors"

    /// The words in the summary's parentheses.
    package var text: String { rawValue }
  }

  /// The verdict of a run with this status and `errors` error findings: a failed run with no error
  /// failed on warnings, which only strictness does (`init(errors:warnings:inputErrors:strict:)`).
  ///
  /// ```swift
  /// AuditExitStatus.clean.verdict(errors: 0)  // .clean
  /// ```
  package func verdict(errors: Int) -> Verdict {
    switch self {
    case .clean: .clean
    case .findings: errors > 0 ? .failed : .strictWarnings
    case .inputError, .usage: .inputErrors
    }
  }
}
