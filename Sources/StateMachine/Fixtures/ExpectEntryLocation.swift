/// Where an entry of a header's `expect` is in a trace file, so an error about it points at it.
///
/// ```swift
/// // line 1: {"format":"presentation-trace","version":1,"expect":["nope@3"]}
/// ExpectEntryLocation.find("nope@3", in: bytes)  // (line: 1, column: 54)
/// ```
///
/// `FileReport` keeps the header's `expect` but not where it was, and the entries are checked only when
/// a fixture is compared, so the location is looked up again from the bytes, only for a malformed entry.
enum ExpectEntryLocation {
  /// The bytes read to find the header: far more than any header and the blank lines before it.
  static let prefixLength = 1 << 20

  /// An input error with `message` at `entry` in the header of the file at `path`; at line 1, column 1
  /// when the file can no longer be read.
  static func inputError(_ message: String, entry: String, inFileAt path: String) -> InputError {
    let bytes = (try? FileByteSource(path: path).bytes(at: 0, count: prefixLength)) ?? []
    let location = find(entry, in: bytes) ?? (line: 1, column: 1)
    return InputError(line: location.line, column: location.column, message: message)
  }

  /// The line of the header (the first non-blank line) and the 1-based byte column of the string
  /// `"entry"` (spelled without escapes) after its `"expect"` key, or of the key when the string is not
  /// found; `nil` when there is no such line.
  static func find(_ entry: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
    var start = 0
    var line = 1
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      var content = Array(bytes[start..<end])
      // A byte-order mark counts as the reader counts it: three blank columns.
      if line == 1, content.starts(with: [0xEF, 0xBB, 0xBF]) {
        content.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20])
      }
      if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        start = end + 1
        line += 1
        continue
      }
      guard let key = index(of: Array(#""expect""#.utf8), in: content, from: 0) else { return nil }
      let needle = [UInt8(ascii: "\"")] + Array(entry.utf8) + [UInt8(ascii: "\"")]
      return (line, (index(of: needle, in: content, from: key + 8) ?? key) + 1)
    }
    return nil
  }

  private static func index(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, start >= 0 else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }
}
