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

/// A part file of `export --out DIR`, written under a temporary name in DIR and renamed over its name
/// when every row is written, so a batch engine collecting DIR sees whole parts or none.
///
/// ```swift
/// let part = try PartFile(directory: "out", name: "part-0-of-4.csv", note: { print($0) })
/// try part.write("schema_version,trace,…\r\n")
/// try part.commit()  // out/part-0-of-4.csv, whole; or part.discard()
/// ```
///
/// The temporary, `.part-0-of-4.csv.tmp-PID-RANDOM@HOST`, cannot be guessed (64 random bits) and is
/// created only if nothing has that name (`O_EXCL`), never through a symbolic link (`O_NOFOLLOW`), with
/// mode 0644 less the umask: a link planted in DIR under any name never makes the export write outside
/// DIR, and two exports into one DIR never share a temporary. Every step goes through one descriptor of
/// DIR (`openat`, `renameat`), so DIR is the directory opened first even if its path changes meanwhile.
/// The rows are flushed to disk (`fsync`) before the rename, and the rename itself after it.
///
/// A SIGINT, SIGTERM, SIGPIPE or SIGXFSZ removes the temporary before the process dies
/// (``SignalCleanup``). What a SIGKILL or a crash leaves is removed by the next export into DIR on the
/// same host: a temporary of this naming whose process is no longer running is stale.
final class PartFile {
  /// Why the part cannot be written, for a line on standard error.
  struct Failure: Error {
    var message: String
  }

  /// DIR as given (less a trailing slash), for messages.
  let directory: String
  /// The part's name in DIR: `part-I-of-N.ext`.
  let name: String
  private(set) var temporaryName: String
  private let directoryDescriptor: Int32
  private let output: FileDescriptorOutput
  private var cleanup: SignalCleanup.Token?
  private var isOpen = true

  /// Opens DIR (which must exist), removes the stale temporaries in it, and creates this part's
  /// temporary; `note` hears about each stale temporary removed.
  init(directory: String, name: String, note: (String) -> Void = { _ in }) throws(Failure) {
    self.directory = directory
    self.name = name
    let descriptor = SystemPath(directory.isEmpty ? "/" : directory).withCString {
      systemOpen($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
    }
    guard descriptor >= 0 else {
      throw Failure(message: "cannot open the directory \(directory): \(Self.lastError())")
    }
    directoryDescriptor = descriptor
    Self.removeStaleTemporaries(in: descriptor, named: directory, note: note)
    var created: (name: String, descriptor: Int32, cleanup: SignalCleanup.Token?)?
    // A name taken already (by chance, or planted) is never opened: another random name is tried.
    for _ in 0..<16 {
      let candidate = Self.temporaryName(for: name)
      // Registered before it exists, so no signal finds it created and not registered; a name that
      // turns out to be taken is unregistered before anything else happens.
      let cleanup = SignalCleanup.register(Self.absolute(directory + "/" + candidate))
      let file = SystemPath(candidate).withCString {
        openat(descriptor, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      }
      if file >= 0 {
        created = (candidate, file, cleanup)
        break
      }
      let reason = errno
      if let cleanup { SignalCleanup.unregister(cleanup) }
      if reason != EEXIST {
        errno = reason
        break
      }
    }
    guard let created else {
      let reason = Self.lastError()
      systemClose(descriptor)
      throw Failure(message: "cannot create a temporary file in \(directory): \(reason)")
    }
    temporaryName = created.name
    output = FileDescriptorOutput(descriptor: created.descriptor)
    cleanup = created.cleanup
  }

  /// A part written in place of the file at `path`, in the directory `path` names (the working directory
  /// for a bare name): `--snapshot-out` replaces its snapshot this way.
  convenience init(replacing path: String) throws(Failure) {
    let directory = Self.directory(of: path)
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    try self.init(directory: directory.isEmpty ? "." : directory, name: name)
  }

  /// The directory part of `path` ("" for a bare file name), as `deletingLastPathComponent` gives it.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  deinit {
    if isOpen { discard() }
  }

  func write(_ text: String) throws { try output.write(text) }

  /// Flushes the rows to disk, renames the temporary over the part, and flushes the rename.
  func commit() throws(Failure) {
    defer { finish() }
    var failure: String?
    if fsync(output.descriptor) != 0 { failure = "cannot flush it: \(Self.lastError())" }
    do { try output.close() } catch { failure = failure ?? "cannot close it: \(ErrorText.describe(error))" }
    if failure == nil {
      let renamed = SystemPath(temporaryName).withCString { from in
        SystemPath(name).withCString { to in renameat(directoryDescriptor, from, directoryDescriptor, to) }
      }
      if renamed != 0 { failure = "cannot rename it: \(Self.lastError())" }
    }
    guard let failure else {
      // The directory's entry is durable too (an error here loses nothing already written).
      _ = fsync(directoryDescriptor)
      return
    }
    unlinkTemporary()
    throw Failure(message: failure)
  }

  /// Removes the temporary: the part is not written.
  func discard() {
    guard isOpen else { return }
    try? output.close()
    unlinkTemporary()
    finish()
  }

  private func unlinkTemporary() {
    _ = SystemPath(temporaryName).withCString { unlinkat(directoryDescriptor, $0, 0) }
  }

  private func finish() {
    guard isOpen else { return }
    isOpen = false
    if let cleanup { SignalCleanup.unregister(cleanup) }
    cleanup = nil
    systemClose(directoryDescriptor)
  }

  // MARK: - Names

  /// `.NAME.tmp-PID-RANDOM@HOST`: hidden (a collector's `*.csv` never matches it), owned by a process
  /// of a host (what makes it stale), and unguessable.
  static func temporaryName(for name: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next(), radix: 16)
    let padded = String(repeating: "0", count: 16 - random.count) + random
    return ".\(name).tmp-\(getpid())-\(padded)@\(host)"
  }

  /// This machine's name as temporaries carry it: letters, digits, `.` and `-` (anything else as `_`).
  static let host: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let name = String(
      decoding: bytes.map { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
          byte
        default: UInt8(ascii: "_")
        }
      }, as: UTF8.self)
    return name.isEmpty ? "localhost" : name
  }()

  /// The owner of a temporary of this naming, `(pid, host)`, or `nil` for any other name.
  static func owner(ofTemporary name: String) -> (pid: pid_t, host: String)? {
    // .part-I-of-N.EXT.tmp-PID-RANDOM@HOST: a host has no '@', and no other piece a '.'.
    guard let at = name.lastIndex(of: "@") else { return nil }
    let host = name[name.index(after: at)...]
    let pieces = name[..<at].split(separator: ".", omittingEmptySubsequences: false)
    guard !host.isEmpty, pieces.count == 4, pieces[0].isEmpty,
      ExportFormat(rawValue: String(pieces[2])) != nil
    else { return nil }
    let part = pieces[1].split(separator: "-", omittingEmptySubsequences: false)
    guard part.count == 4, part[0] == "part", part[2] == "of", isNumber(part[1]), isNumber(part[3]) else {
      return nil
    }
    let owner = pieces[3].split(separator: "-", omittingEmptySubsequences: false)
    guard owner.count == 3, owner[0] == "tmp", isNumber(owner[1]), let pid = pid_t(owner[1]), pid > 0,
      owner[2].utf8.count == 16, owner[2].allSatisfy(\.isHexDigit)
    else { return nil }
    return (pid, String(host))
  }

  private static func isNumber(_ text: Substring) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Removes each temporary of this naming in the directory whose process, on this host, is gone: what
  /// an export killed by SIGKILL, or crashed, left behind. Only regular files are removed (a link of that
  /// name is not this naming's: it stays, and nothing it names is touched).
  static func removeStaleTemporaries(in directory: Int32, named path: String, note: (String) -> Void) {
    let listing = dup(directory)
    guard listing >= 0 else { return }
    guard let stream = fdopendir(listing) else {
      systemClose(listing)
      return
    }
    defer { closedir(stream) }
    var stale: [String] = []
    while let entry = readdir(stream) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      let name = String(decoding: bytes, as: UTF8.self)
      // A name that is not UTF-8 is not of this naming.
      guard Array(name.utf8) == bytes, let owner = owner(ofTemporary: name),
        owner.host == host, owner.pid != getpid(), kill(owner.pid, 0) != 0, errno == ESRCH
      else { continue }
      stale.append(name)
    }
    for name in stale {
      var info = stat()
      let isFile = SystemPath(name).withCString {
        fstatat(directory, $0, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFREG
      }
      guard isFile, SystemPath(name).withCString({ unlinkat(directory, $0, 0) }) == 0 else { continue }
      note(
        "\(TerminalText.escaped(path))/\(TerminalText.escaped(name)): note: removed, the temporary of an "
          + "export that is no longer running\n")
    }
  }

  /// `path` from the root, for the signal handler (which must not depend on the working directory).
  private static func absolute(_ path: String) -> SystemPath {
    guard !path.hasPrefix("/") else { return SystemPath(path) }
    return SystemPath(FileManager.default.currentDirectoryPath + "/" + path)
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}

// The C functions, named apart from the methods and properties that share their names.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func systemClose(_ descriptor: Int32) {
  _ = close(descriptor)
}
