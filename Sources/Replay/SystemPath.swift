#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A path as the file system names it: bytes, which need not be UTF-8, and the text `replay` prints.
///
/// ```swift
/// let path = SystemPath(bytes: Array("traces/caf".utf8) + [0xE9] + Array(".jsonl".utf8))  // Latin-1 é
/// path.text                                 // "traces/caf\u{FFFD}.jsonl"
/// path.withCString { open($0, O_RDONLY) }   // opens the file the bytes name
/// ```
///
/// A Swift `String` holds only Unicode: a name in another encoding becomes U+FFFD in it, and its UTF-8
/// then names no file. The bytes are kept from where the name came (the command line, a directory
/// listing) to the system call; the text is only for people (and it is what the reports print).
struct SystemPath: Sendable, Hashable {
  var bytes: [UInt8]

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// The path a string spells, in UTF-8.
  init(_ text: String) { bytes = Array(text.utf8) }

  /// The path as printed: the bytes as UTF-8, each invalid sequence as U+FFFD.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// `self/name`.
  func appending(_ name: [UInt8]) -> SystemPath {
    SystemPath(bytes: bytes + [UInt8(ascii: "/")] + name)
  }

  /// Calls `body` with the path as a C string (a NUL byte inside it ends it there, as the system would).
  func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
    // The array is passed as a pointer to its elements, valid for the call.
    return try body(terminated)
  }

  /// The file's type bits (`S_IFMT` of `st_mode`) following symbolic links, or `nil` when there is
  /// nothing (or nothing reachable) at the path.
  func fileType() -> mode_t? {
    var info = stat()
    guard withCString({ stat($0, &info) }) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  /// The type bits of the path itself: a symbolic link is `S_IFLNK`.
  func linkType() -> mode_t? {
    var info = stat()
    guard withCString({ lstat($0, &info) }) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }
}
