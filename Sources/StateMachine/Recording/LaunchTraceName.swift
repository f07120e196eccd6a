/// The names `LaunchTraceStore` gives its trace files, and the test that tells them from every other file.
///
/// ```swift
/// let name = LaunchTraceName.make(time: WallClockTime.now(), pid: 4242, random: 0x9f3a_1c07)
/// // "trace-20250314-091502.250-4242-9f3a1c07.jsonl"
/// LaunchTraceName.isLaunchTrace(name)  // true
/// LaunchTraceName.isLaunchTrace("trace-old.jsonl")  // false: never pruned
/// ```
///
/// The time comes first, fixed width, so names sort by creation time; milliseconds keep a crash loop's
/// launches (several a second) in order. The process id and 32 random bits make a collision unlikely, and
/// the file is created with `O_EXCL` anyway. The test is strict because pruning deletes what it accepts:
/// a file a person or another tool put in the folder must never match.
enum LaunchTraceName {
  static let prefix = "trace-"
  static let suffix = ".jsonl"

  /// `trace-<yyyyMMdd-HHmmss.SSS UTC>-<pid>-<8 hex digits>.jsonl`.
  static func make(time: WallClockTime, pid: Int32, random: UInt32) -> String {
    let hex = String(random, radix: 16)
    return prefix + time.compact + "-" + String(max(pid, 0)) + "-"
      + String(repeating: "0", count: 8 - hex.count) + hex + suffix
  }

  /// Whether `name` has exactly the shape `make` writes.
  static func isLaunchTrace(_ name: String) -> Bool {
    var rest = Substring(name)
    guard rest.hasPrefix(prefix), rest.hasSuffix(suffix) else { return false }
    rest = rest.dropFirst(prefix.count).dropLast(suffix.count)
    // date, time, milliseconds, pid, random: each a run of the given characters, with its separator.
    let fields: [(count: ClosedRange<Int>, hex: Bool, separator: Character?)] = [
      (8...8, false, "-"), (6...6, false, "."), (3...3, false, "-"), (1...10, false, "-"), (8...8, true, nil),
    ]
    for field in fields {
      let run = rest.prefix { character in
        character.isASCII && (character.isNumber || (field.hex && "abcdef".contains(character)))
      }
      guard field.count.contains(run.count) else { return false }
      rest = rest.dropFirst(run.count)
      if let separator = field.separator {
        guard rest.first == separator else { return false }
        rest = rest.dropFirst()
      }
    }
    return rest.isEmpty
  }
}
