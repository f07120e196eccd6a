import PresentationStateMachine

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

/// A trace `replay expect` rewrites: opened once, read whole through that descriptor and written back in
/// place through it, so the file keeps its inode, mode, owner and hard links, and an app that still holds
/// it open for appending goes on writing into the rewritten file.
///
/// ```swift
/// let fixture = try FixtureFile(TraceFile(path: "fixture.jsonl"), minimumAge: 5)
/// let bytes = try fixture.read()
/// try fixture.replace(with: rewritten)  // refused if the file changed since it was opened
/// ```
///
/// It is for fixtures, not live traces, and refuses (``Refusal``) what it cannot rewrite without losing
/// something: a symbolic link (not followed: the link could name any file the user can write), anything
/// but a regular file, a file it cannot write or whose mode has no write permission at all (root could
/// write it anyway), a file modified less than `minimumAge` seconds ago (an app may still be recording
/// it), and a file that changed between its opening and its rewriting (its size, its modification or
/// status-change time, or the file its path names).
///
/// The new content goes in with `pwrite`, an `ftruncate` to its length and an `fsync`. That is not atomic
/// (a rename would be, and would cut off an app still appending, and change the file's mode and inode): a
/// process killed during the write, or a power loss, can leave the file half rewritten, which a fixture
/// kept under version control survives.
final class FixtureFile {
  /// Why the file is not rewritten, for a line on standard error.
  struct Refusal: Error {
    var message: String
  }

  /// What tells one state of a file from another: were any of it to differ, the file was replaced or
  /// written meanwhile.
  private struct Stamp: Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Timestamp
    var changed: Timestamp

    init(_ info: stat) {
      device = UInt64(truncatingIfNeeded: info.st_dev)
      inode = UInt64(truncatingIfNeeded: info.st_ino)
      size = Int64(info.st_size)
      #if canImport(Darwin)
        modified = Timestamp(info.st_mtimespec)
        changed = Timestamp(info.st_ctimespec)
      #else
        modified = Timestamp(info.st_mtim)
        changed = Timestamp(info.st_ctim)
      #endif
    }
  }

  private struct Timestamp: Equatable {
    var seconds: Int64
    var nanoseconds: Int64

    init(_ time: timespec) {
      seconds = Int64(time.tv_sec)
      nanoseconds = Int64(time.tv_nsec)
    }

    var value: Double { Double(seconds) + Double(nanoseconds) / 1e9 }
  }

  let file: TraceFile
  private let descriptor: Int32
  private let opened: Stamp

  /// Opens `file` for rewriting, refusing what the type's documentation lists; `now` is the wall clock
  /// in seconds since 1970, against which the file's age is measured.
  init(_ file: TraceFile, minimumAge: Double, now: Double = Date().timeIntervalSince1970) throws(Refusal) {
    self.file = file
    // Not blocking: a FIFO or a device at the path is refused below, never waited on.
    let descriptor = file.systemPath.withCString {
      open($0, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      let reason = errno
      if file.systemPath.linkType() == S_IFLNK {
        throw Refusal(
          message: "a symbolic link; expect does not follow links (it rewrites a file in place, and a link "
            + "can name any file): run it on the file the link names")
      }
      if reason == EACCES || reason == EPERM || reason == EROFS {
        throw Refusal(
          message: "read-only (\(Self.describe(reason))); expect does not rewrite a file it may not write: "
            + "make it writable first if it is a fixture to update")
      }
      throw Refusal(message: "cannot open it: \(Self.describe(reason))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = Self.describe(errno)
      _ = close(descriptor)
      throw Refusal(message: "cannot read its status: \(reason)")
    }
    let kind = info.st_mode & S_IFMT
    let refusal: String? =
      if kind != S_IFREG {
        "not a regular file (\(DirectoryListing.kindName(kind))); expect rewrites trace files only"
      } else if info.st_mode & 0o222 == 0 {
        "read-only (mode \(String(info.st_mode & 0o777, radix: 8))); expect does not rewrite a file without "
          + "write permission: make it writable first if it is a fixture to update"
      } else {
        Self.tooRecent(Stamp(info).modified.value, now: now, minimumAge: minimumAge)
      }
    if let refusal {
      _ = close(descriptor)
      throw Refusal(message: refusal)
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    self.descriptor = descriptor
    opened = Stamp(info)
  }

  deinit { _ = close(descriptor) }

  /// Why a file last modified at `modified` is too young to rewrite, or `nil` when it is old enough.
  private static func tooRecent(_ modified: Double, now: Double, minimumAge: Double) -> String? {
    let age = now - modified
    guard age < minimumAge else { return nil }
    let when = age < 0 ? "in the future (by this machine's clock)" : "\(Int(age.rounded(.down))) s ago"
    return
      "modified \(when); it may be a trace an app is still recording, and expect rewrites fixtures, not "
      + "live traces: run it again once the recording has stopped (a file left alone for "
      + "\(minimumAge == minimumAge.rounded() ? "\(Int(minimumAge))" : TwoDecimals.text(minimumAge)) s)"
  }

  /// The whole file, read through the descriptor opened; refused if the file changed while it was read.
  func read() throws(Refusal) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let offset = off_t(bytes.count)
      let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw Refusal(message: "cannot read it: \(Self.describe(errno))") }
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    try checkUnchanged(readCount: bytes.count)
    return bytes
  }

  /// Refuses when the file is not as it was opened: written, truncated or replaced since.
  func checkUnchanged(readCount: Int? = nil) throws(Refusal) {
    var info = stat()
    var atPath = stat()
    let unchanged =
      fstat(descriptor, &info) == 0 && Stamp(info) == opened
      && readCount.map { Int64($0) == opened.size } ?? true
    let samePath =
      file.systemPath.withCString { lstat($0, &atPath) } == 0 && atPath.st_mode & S_IFMT == S_IFREG
      && Stamp(atPath).device == opened.device && Stamp(atPath).inode == opened.inode
    // The path first: a file renamed over it also changes the old file's status (one link fewer).
    guard samePath else {
      throw Refusal(message: "replaced or removed while expect read it; run it again on the file now there")
    }
    guard unchanged else {
      throw Refusal(
        message: "changed while expect read it (an app may still be recording it); expect rewrites "
          + "fixtures, not live traces: run it again once the recording has stopped")
    }
  }

  /// Writes `bytes` over the file's content, in place, unless it changed since it was opened.
  func replace(with bytes: [UInt8]) throws(Refusal) {
    try checkUnchanged()
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        let rest = UnsafeRawBufferPointer(rebasing: buffer[written...])
        return pwrite(descriptor, rest.baseAddress, rest.count, off_t(written))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        throw Refusal(message: "cannot write it: \(Self.describe(errno)); its content may be damaged")
      }
      written += count
    }
    guard ftruncate(descriptor, off_t(bytes.count)) == 0 else {
      throw Refusal(message: "cannot truncate it: \(Self.describe(errno)); its content may be damaged")
    }
    guard fsync(descriptor) == 0 else {
      throw Refusal(message: "cannot flush it to disk: \(Self.describe(errno))")
    }
  }

  private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}
