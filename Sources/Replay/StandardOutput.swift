#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard output gathered into blocks of 64 KiB before each write: a report written a line at a time
/// costs one system call per block, and memory stays one block whatever the report's size.
///
/// ```swift
/// let output = StandardOutput()
/// output.write("audited 1 file\n")
/// output.flush()
/// if let failure = output.failure { print(DiagnosticLine.cannotWriteStandardOutput(failure)) }
/// ```
final class StandardOutput {
  private static let blockSize = 64 << 10
  private var block: [UInt8] = []
  /// The first write that failed other than for a reader gone away (a full disk, an I/O error): the run
  /// then says so and ends with status 2, since what it printed is not all there. Nothing is written
  /// after it.
  private(set) var failure: FileDescriptorOutput.Failure?
  /// A reader went away (a closed pipe): the output ends, and there is no one left to tell.
  private(set) var readerGone = false

  init() { block.reserveCapacity(Self.blockSize) }

  func write(_ text: String) {
    block.append(contentsOf: text.utf8)
    if block.count >= Self.blockSize { flush() }
  }

  func flush() {
    guard !block.isEmpty else { return }
    defer { block.removeAll(keepingCapacity: true) }
    guard failure == nil, !readerGone else { return }
    do {
      try block.withUnsafeBytes { try FileDescriptorOutput.standardOutput.write(bytes: $0) }
    } catch let error as FileDescriptorOutput.Failure {
      if error.code == EPIPE { readerGone = true } else { failure = error }
    } catch {
      failure = FileDescriptorOutput.Failure(code: EIO)
    }
  }
}
