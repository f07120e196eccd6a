#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text written to an open file descriptor: standard output, standard error, or a file `replay` creates.
///
/// ```swift
/// try FileDescriptorOutput.standardError.write("error: no *.jsonl files under traces\n")
/// ```
///
/// `replay` writes through POSIX descriptors rather than `FileHandle` so that it needs only
/// FoundationEssentials on Linux: the whole of Foundation, with its internationalisation data, is about
/// 7 MB of resident memory in every run.
struct FileDescriptorOutput {
  /// Why a write or a close failed: the `errno` it left.
  struct Failure: Error {
    var code: Int32
  }

  static let standardOutput = FileDescriptorOutput(descriptor: STDOUT_FILENO)
  static let standardError = FileDescriptorOutput(descriptor: STDERR_FILENO)

  let descriptor: Int32

  /// A new file at `path` (emptied if it exists), or `nil` when it cannot be created.
  init?(creatingAt path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
  }

  /// A descriptor opened elsewhere (a part file's temporary), written and closed through this value.
  init(descriptor: Int32) { self.descriptor = descriptor }

  func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { try write(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Writes all of `bytes`, going on after a partial write or an interrupted call.
  func write(bytes: UnsafeRawBufferPointer) throws {
    guard var next = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = systemWrite(descriptor, next, left)
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // A descriptor a parent left non-blocking (shared with it): wait until it takes more, as a
          // blocking one would have.
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        throw Failure(code: errno)
      }
      next += written
      left -= written
    }
  }

  func close() throws {
    if systemClose(descriptor) != 0 { throw Failure(code: errno) }
  }

  /// Everything left to read from standard input, as text (for `-` as a path).
  static func readStandardInput() -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes.append(contentsOf: chunk[..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

// The C functions, named apart from the methods that call them.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
