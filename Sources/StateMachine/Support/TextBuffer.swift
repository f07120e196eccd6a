/// Text built as UTF-8 bytes, for the writers of long documents (the SVG timeline, the Chrome trace, the
/// statistics, `show`): appending to a byte array costs a fraction of appending to a `String`, which
/// checks and updates its flags at every append, and these writers append tens of thousands of pieces.
///
/// ```swift
/// var out = TextBuffer()
/// out.append("{\"n\":")
/// out.append(42)
/// out.append("}")
/// out.text  // "{\"n\":42}"
/// ```
struct TextBuffer {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// The text written so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// How many bytes were written (a position to come back to, as in `trimTrailingSpaces(after:)`).
  var count: Int { bytes.count }

  static func += (buffer: inout TextBuffer, text: String) { buffer.append(text) }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// Bytes that are whole UTF-8 (a run of a string cut only at ASCII bytes).
  mutating func append(bytes run: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: run)
  }

  mutating func append(_ value: Int) {
    if value >= 0, value < 10 {
      bytes.append(0x30 + UInt8(value))
    } else {
      append(String(value))
    }
  }

  /// `text.padded(to: width)` (width in characters), without building the padded string.
  mutating func append(_ text: String, paddedTo width: Int) {
    append(text)
    let count = text.count
    if count < width { bytes.append(contentsOf: repeatElement(0x20, count: width - count)) }
  }

  /// Appends `text` `times` times (a run of equal cells).
  mutating func append(_ text: String, times: Int) {
    guard times > 0 else { return }
    var text = text
    text.withUTF8 { utf8 in
      for _ in 0..<times { bytes.append(contentsOf: utf8) }
    }
  }

  /// Drops the spaces that end the text written since `start`, as `String.trimmingTrailingSpaces()`
  /// would: a character `" "` only, never a space that a previous scalar joins into its character.
  mutating func trimTrailingSpaces(after start: Int) {
    while bytes.count > start, bytes[bytes.count - 1] == 0x20 {
      // A space after an ASCII byte is a character of its own (only a prepended mark, never ASCII, can
      // join a space to the character before it).
      if bytes.count - 1 == start || bytes[bytes.count - 2] < 0x80 {
        bytes.removeLast()
        continue
      }
      let trimmed = String(decoding: bytes[start...], as: UTF8.self).trimmingTrailingSpaces()
      bytes.removeSubrange(start...)
      append(trimmed)
      return
    }
  }
}
