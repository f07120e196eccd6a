#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Standard output gathered into blocks of 64 KiB before each write: a report written a line at a time
/// costs one system call per block, and memory stays one block whatever the report's size.
///
/// ```swift
/// let output = StandardOutput()
/// output.write("audited 1 file\n")
/// output.flush()
/// ```
final class StandardOutput {
  private static let blockSize = 64 << 10
  private var block: [UInt8] = []

  init() { block.reserveCapacity(Self.blockSize) }

  func write(_ text: String) {
    block.append(contentsOf: text.utf8)
    if block.count >= Self.blockSize { flush() }
  }

  func flush() {
    guard !block.isEmpty else { return }
    // A reader that went away (a closed pipe) ends the output; there is no one left to tell.
    _ = try? block.withUnsafeBytes { try FileDescriptorOutput.standardOutput.write(bytes: $0) }
    block.removeAll(keepingCapacity: true)
  }
}
