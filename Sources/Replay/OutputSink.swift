/// Where a command writes its standard output a piece at a time: a `TextOutputStream` over whatever the
/// run does with each piece (the process writes it out, a test collects it).
///
/// ```swift
/// var text = ""
/// var sink = OutputSink { text += $0 }
/// report.writeText(color: false, to: &sink)
/// ```
struct OutputSink: TextOutputStream {
  private let emit: (String) -> Void

  init(_ emit: @escaping (String) -> Void) { self.emit = emit }

  mutating func write(_ string: String) { emit(string) }
}
