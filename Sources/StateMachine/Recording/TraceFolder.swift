#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few folder operations `LaunchTraceStore` needs, on POSIX calls alone.
///
/// ```swift
/// try TraceFolder.create("/var/mobile/…/Application Support/PresentationTraces")
/// let names = TraceFolder.names(in: folder) ?? []
/// ```
///
/// Written against the C library rather than `FileManager` so the library keeps to FoundationEssentials
/// (which has no directory enumeration on every platform) and reports the POSIX error of each step.
enum TraceFolder {
  /// Creates `path` and any missing parent (mode 0755); an existing folder is fine. Throws `cannotOpen`
  /// with the POSIX error (`EACCES`, `EROFS`, `ENOTDIR` when a file is in the way, …).
  static func create(_ path: String) throws(RecordingError) {
    if let code = make(path) {
      throw RecordingError(
        kind: .cannotOpen, code: code, path: path,
        message: "cannot create the trace folder \(path): \(RecordingError.describe(code))")
    }
  }

  /// The names in `path` (without `.` and `..`), unsorted; `nil` when it cannot be read.
  static func names(in path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Whether `path` is a regular file itself (not a folder, not a symbolic link).
  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }

  /// Removes `path` if it is a regular file (never a folder or a link); whether it is gone.
  static func removeFile(_ path: String) -> Bool {
    isRegularFile(path) && unlink(path) == 0
  }

  /// `folder` and `name` joined by one `/`.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The POSIX error that kept `path` from existing as a folder, or `nil` once it does.
  private static func make(_ path: String) -> Int32? {
    var info = stat()
    if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR }
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
      if let code = make(String(trimmed[..<slash])) { return code }
    }
    if mkdir(trimmed, 0o755) == 0 { return nil }
    let code = errno
    // Another thread or process may have created it in between.
    if code == EEXIST, stat(trimmed, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return nil }
    return code
  }
}
