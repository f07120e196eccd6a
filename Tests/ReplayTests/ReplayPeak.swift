import ChildPeak
import Foundation

/// The built `replay` run as its own process (``ChildPeak``), with what it wrote to standard error.
///
/// ```swift
/// let run = try ReplayPeak.run(["stats", "trace.jsonl"])
/// #expect(run.status == 0 && run.kilobytes < 100_000)
/// ```
@dynamicMemberLookup
struct ReplayPeak {
  var peak: ChildPeak
  var stderr: String

  subscript<Value>(dynamicMember keyPath: KeyPath<ChildPeak, Value>) -> Value { peak[keyPath: keyPath] }

  /// Runs `replay arguments`; a figure that is not the child's own (no subreaper) cannot be asserted on.
  static func run(_ arguments: [String]) throws -> ReplayPeak {
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent(
      "child-peak-\(UUID().uuidString).err"
    ).path
    defer { try? FileManager.default.removeItem(atPath: errors) }
    let peak = try ChildPeak.run(try BuiltReplay.executable(), arguments, errors: errors)
    guard peak.isOwnPeak else {
      throw ChildPeak.CannotMeasure(
        description: "PR_SET_CHILD_SUBREAPER failed: the peak is not replay's own")
    }
    return ReplayPeak(peak: peak, stderr: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
  }
}
