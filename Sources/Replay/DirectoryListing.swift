import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The trace files below a directory: every `*.jsonl` at any depth, hidden directories included, read by
/// the bytes of their names; a FIFO, socket or device among them is left out with a note.
///
/// ```swift
/// let listing = DirectoryListing.traces(below: SystemPath("traces"))
/// listing.files.map(\.path)  // ["traces/mixed/photos-session.jsonl", …], sorted
/// listing.notes              // ["traces/x.jsonl: note: skipped, not a regular file (a FIFO)\n"]
/// ```
///
/// Only what can be read to its end is listed: opening a FIFO blocks until something writes to it, and
/// a device may never end. Symbolic links to files are followed (the file they name must be regular too),
/// links to directories are not entered, and a directory or a dangling link named `*.jsonl` is listed, to
/// be reported as unreadable. A name that is not UTF-8 is kept as its bytes, so the file is read.
enum DirectoryListing {
  struct Listing {
    /// Sorted by path as printed, then by bytes.
    var files: [TraceFile] = []
    /// One line per file or directory passed over, with its line end.
    var notes: [String] = []
  }

  static func traces(below directory: SystemPath) -> Listing {
    var listing = Listing()
    // The files are named from the directory as given, less one trailing slash: `traces/` lists
    // `traces/a.jsonl`, and `/` lists `/a.jsonl`.
    var base = directory
    if base.bytes.last == UInt8(ascii: "/") { base.bytes.removeLast() }
    walk(base, openedAs: directory, into: &listing)
    listing.files.sort { lhs, rhs in
      let (left, right) = (lhs.path, rhs.path)
      guard left == right else { return left < right }
      // Names that print alike (invalid bytes, canonically equal text) keep one order: their bytes'.
      return lhs.systemPath.bytes.lexicographicallyPrecedes(rhs.systemPath.bytes)
    }
    return listing
  }

  private static let suffix = Array(".jsonl".utf8)

  /// Lists `directory`, opened as `path` (the same but for the top directory's trailing slash).
  private static func walk(_ directory: SystemPath, openedAs path: SystemPath, into listing: inout Listing) {
    guard let stream = path.withCString({ opendir($0) }) else {
      listing.notes.append(note(directory, "cannot list it: \(String(cString: strerror(errno)))"))
      return
    }
    defer { closedir(stream) }
    var subdirectories: [SystemPath] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      if name == [0x2E] || name == [0x2E, 0x2E] { continue }
      let path = directory.appending(name)
      let isTrace = name.count >= suffix.count && name.suffix(suffix.count).elementsEqual(suffix)
      // The entry's own type (a link is a link), from the listing when the file system gives it.
      let type = entryType(entry.pointee.d_type) ?? path.linkType()
      switch type {
      case S_IFDIR:
        subdirectories.append(path)
        if isTrace { listing.files.append(TraceFile(path, foundInDirectory: true)) }
      case S_IFREG:
        if isTrace { listing.files.append(TraceFile(path, foundInDirectory: true)) }
      case S_IFLNK:
        guard isTrace else { continue }
        // What the link names: a directory or nothing is listed (and reported unreadable); anything but
        // a regular file otherwise is passed over.
        let target = path.fileType()
        if let target, target != S_IFREG, target != S_IFDIR {
          listing.notes.append(note(path, "skipped, not a regular file (a link to \(kindName(target)))"))
        } else {
          listing.files.append(TraceFile(path, foundInDirectory: true))
        }
      case let other?:
        if isTrace { listing.notes.append(note(path, "skipped, not a regular file (\(kindName(other)))")) }
      case nil:
        // Gone between the listing and the look: listed, and reported unreadable if it stays gone.
        if isTrace { listing.files.append(TraceFile(path, foundInDirectory: true)) }
      }
    }
    for subdirectory in subdirectories { walk(subdirectory, openedAs: subdirectory, into: &listing) }
  }

  /// The type bits a directory entry's `d_type` stands for, or `nil` when it does not say.
  private static func entryType(_ type: UInt8) -> mode_t? {
    switch Int32(type) {
    case Int32(DT_DIR): S_IFDIR
    case Int32(DT_REG): S_IFREG
    case Int32(DT_LNK): S_IFLNK
    case Int32(DT_FIFO): S_IFIFO
    case Int32(DT_SOCK): S_IFSOCK
    case Int32(DT_CHR): S_IFCHR
    case Int32(DT_BLK): S_IFBLK
    default: nil
    }
  }

  /// What a file of type `kind` is, for a note: `a FIFO`, `a socket`, `a device`.
  static func kindName(_ kind: mode_t) -> String {
    switch kind {
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFDIR: "a directory"
    case S_IFLNK: "a symbolic link"
    default: "not a file"
    }
  }

  private static func note(_ path: SystemPath, _ text: String) -> String {
    "\(TerminalText.escaped(path.text)): note: \(text)\n"
  }
}
