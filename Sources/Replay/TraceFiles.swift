import Foundation

/// Turns command-line paths into trace files: a directory means every `*.jsonl` below it, sorted.
enum TraceFiles {
  static func expand(_ paths: [String]) -> [String] {
    var files: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
      else {
        files.append(path)  // a missing file is reported as unreadable by the audit
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      var found: [String] = []
      if let enumerator = FileManager.default.enumerator(atPath: path) {
        for case let relative as String in enumerator where relative.hasSuffix(".jsonl") {
          found.append(base + "/" + relative)
        }
      }
      files.append(contentsOf: found.sorted())
    }
    return files
  }
}
