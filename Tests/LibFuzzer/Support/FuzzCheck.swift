// Compiled into every libFuzzer target of `Tests/LibFuzzer` (see run.sh): what the targets share.

#if canImport(Glibc)
  import Glibc
#endif

/// What a target does with a result nobody reads, and with a broken property: a trap libFuzzer keeps.
enum FuzzCheck {
  /// Keeps the optimizer from dropping a rendering whose result nobody reads.
  @inline(never)
  static func consume(_ text: String) {
    if text.utf8.count == Int.max { print(text) }
  }

  /// Stops the run with `message` on standard error: libFuzzer catches the abort and writes the input.
  static func fail(_ message: @autoclosure () -> String) -> Never {
    let text = Array("FuzzCheck: \(message())\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
  }

  /// The input as an array (libFuzzer may pass no pointer for an empty input).
  static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }
}
