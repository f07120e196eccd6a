import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A trace file opened by the bytes of its path, which need not be UTF-8, read with POSIX `read`.
///
/// ```swift
/// let source = try PathByteSource(file: TraceFile(path: "traces/valid/card-present-dismiss.jsonl"))
/// let reader = TraceReader(source: source)
/// ```
///
/// The library's `FileByteSource` takes the path as a `String`, whose UTF-8 is not the name of a file
/// named in another encoding. Failures say what it says (`cannot open PATH: …`, `PATH is a directory`),
/// with the path as printed. A file found in a directory must be a regular file (or a directory, which
/// fails as before): it is opened without blocking and checked before a byte is read, so a FIFO put there
/// after the listing cannot stall the run.
final class PathByteSource: ByteSource {
  private let descriptor: Int32

  init(file: TraceFile) throws(ReadFailure) {
    let flags = O_RDONLY | O_CLOEXEC | (file.foundInDirectory ? O_NONBLOCK : 0)
    let fd = file.systemPath.withCString { open($0, flags) }
    guard fd >= 0 else { throw ReadFailure(message: "cannot open \(file.path): \(Self.lastError())") }
    var info = stat()
    if fstat(fd, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      if kind == S_IFDIR {
        close(fd)
        throw ReadFailure(message: "\(file.path) is a directory")
      }
      if file.foundInDirectory, kind != S_IFREG {
        close(fd)
        throw ReadFailure(message: "\(file.path) is not a regular file (\(DirectoryListing.kindName(kind)))")
      }
    }
    if file.foundInDirectory {
      // Reads block as usual from here on (a regular file never waits anyway).
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }
    descriptor = fd
  }

  deinit { close(descriptor) }

  func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    while true {
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ReadFailure(message: "read failed: \(Self.lastError())")
    }
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}

// The C function, named apart from the method that calls it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
