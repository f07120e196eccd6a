#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something the trace reader pulls bytes from, a chunk at a time.
///
/// ```swift
/// var source = MemoryByteSource(Array("{}\n".utf8))
/// ```
package protocol ByteSource {
  /// Fills `buffer` from the start and returns how many bytes were written; 0 means the end.
  mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int
}

extension TraceReader {
  /// A read that failed below the trace format: the file vanished, a disk error, a closed descriptor.
  public struct Failure: Error, Sendable, Equatable {
    /// Why, as the system said it, with the file's path.
    public var message: String
    package init(message: String) { self.message = message }
  }
}

/// `TraceReader.Failure` as the package's own code names it; users write `TraceReader.Failure`.
package typealias ReadFailure = TraceReader.Failure

/// Bytes already in memory, served as if read from a file.
///
/// ```swift
/// let reader = TraceReader(source: MemoryByteSource(Array(text.utf8)))
/// ```
package struct MemoryByteSource: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  package mutating func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

/// A file opened for reading with POSIX `open`/`read`, closed when the source is released.
///
/// ```swift
/// let source = try FileByteSource(path: "traces/valid/card-present-dismiss.jsonl")
/// ```
package final class FileByteSource: ByteSource {
  private var descriptor: Int32

  package init(path: String) throws(ReadFailure) {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw ReadFailure(message: "cannot open \(path): \(Self.lastError())") }
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw ReadFailure(message: "\(path) is a directory")
    }
    descriptor = fd
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  package func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(ReadFailure) -> Int {
    while true {
      #if canImport(Darwin)
        let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #elseif canImport(Musl)
        let count = Musl.read(descriptor, buffer.baseAddress, buffer.count)
      #else
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ReadFailure(message: "read failed: \(Self.lastError())")
    }
  }

  /// The file's size in bytes now.
  package func size() throws(ReadFailure) -> Int {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw ReadFailure(message: "stat failed: \(Self.lastError())")
    }
    return Int(info.st_size)
  }

  /// Up to `count` bytes from `offset`, without moving the position `read(into:)` reads from.
  package func bytes(at offset: Int, count: Int) throws(ReadFailure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: max(count, 0))
    var filled = 0
    while filled < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(
          descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(offset + filled))
      }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { throw ReadFailure(message: "read failed: \(Self.lastError())") }
      if got == 0 { break }
      filled += got
    }
    return Array(bytes.prefix(filled))
  }

  /// Moves the position `read(into:)` reads from to `offset` (a byte count from the file's start).
  package func seek(to offset: Int) throws(ReadFailure) {
    guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
      throw ReadFailure(message: "seek failed: \(Self.lastError())")
    }
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}
