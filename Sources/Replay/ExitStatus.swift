import PresentationStateMachine

/// How a `replay` run ended, as the process's exit status: the same four values for every command.
///
/// ```swift
/// var result = ReplayCLI.Result()
/// if report.files.contains(where: \.hasInputProblems) { result.status = .inputError }
/// exit(result.status.rawValue)
/// ```
///
/// The values follow swift-argument-parser (`ExitCode.success`, `.failure`, `.validationFailure` = 64);
/// where several apply, input errors win over findings.
enum ExitStatus: Int32, Sendable {
  /// 0: nothing to report; an audit may still have printed warnings (unless `--strict`).
  case clean = 0
  /// 1: what the command checks failed: an error finding (or any finding with `--strict`), findings that
  /// differ from a header's `expect`, a failing fuzz case or property, a trace that does not report the
  /// rule to shrink for.
  case findings = 1
  /// 2: input the command could not use: a malformed trace line, an unreadable or unwritable file, a
  /// settings file that cannot be read, a refused snapshot.
  case inputError = 2
  /// 64: wrong usage of the command line (an unknown option, a missing or malformed value).
  case usage = 64

  /// The status of an audit report, `strict` making warnings fail too.
  init(_ report: AuditReport, strict: Bool) {
    // The library gives the report's status as the number itself (0, 1 or 2); a value it might add later
    // is not taken for clean.
    self = ExitStatus(rawValue: report.exitStatus(strict: strict)) ?? .inputError
  }
}
