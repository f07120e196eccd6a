import PresentationStateMachine

/// The lines several commands print about their input, spelt once, with the path and the message escaped
/// for the terminal (``TerminalText``).
///
/// ```swift
/// DiagnosticLine.inputError(error, path: "t.jsonl")  // "t.jsonl:4:6: error: [input] expected ','\n"
/// DiagnosticLine.noTraceFiles(under: ["traces"])     // "error: no *.jsonl files under traces\n"
/// ```
enum DiagnosticLine {
  /// `path:line:column: error: [input] message` and its line end, as `replay audit` prints it.
  static func inputError(_ error: InputError, path: String) -> String {
    "\(TerminalText.escaped(path)):\(error.line):\(error.column): error: [input] "
      + "\(TerminalText.escaped(error.message))\n"
  }

  /// What a command says when its standard output cannot be written (a full disk): the run then fails.
  static func cannotWriteStandardOutput(_ failure: FileDescriptorOutput.Failure) -> String {
    "error: cannot write standard output: \(ErrorText.describe(failure))\n"
  }

  /// What a many-file command says when its paths name no trace at all.
  static func noTraceFiles(under paths: [String]) -> String {
    "error: no *.jsonl files under \(paths.map(TerminalText.escaped).joined(separator: ", "))\n"
  }
}
