import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// Every bundled trace, written to a file in chunks of random size while `TraceFollower` polls it, is
/// audited exactly as `replay audit` audits the finished file: the same findings (rule, line, id) and the
/// same input errors (line).
@Suite struct TailChunkedTraceTests {
  static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("traces")

  static var tracePaths: [String] {
    let enumerator = FileManager.default.enumerator(atPath: traces.path)
    return (enumerator?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
  }

  /// The seed of the chunk sizes: fixed, or `REPLAY_TAIL_SEED` to try others; printed on failure.
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["REPLAY_TAIL_SEED"].flatMap { UInt64($0) }
    ?? 0x7A11_C4A2

  struct Key: Hashable, Comparable, CustomStringConvertible {
    var line: Int
    var rule: String
    var id: String
    static func < (a: Key, b: Key) -> Bool { (a.line, a.rule, a.id) < (b.line, b.rule, b.id) }
    var description: String { "\(line):[\(rule)] \(id)" }
  }

  /// SplitMix64: the same chunk sizes for the same seed.
  struct Chunks {
    var state: UInt64
    mutating func next(upTo bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound)) + 1
    }
  }

  @Test(arguments: tracePaths)
  func followingInRandomChunksEqualsTheAudit(_ relativePath: String) throws {
    let source = Self.traces.appendingPathComponent(relativePath).path
    let bytes = try #require(FileManager.default.contents(atPath: source))
    let audit = FileReport.audit(path: source)
    let expected = audit.findings.map { Key(line: $0.line, rule: $0.rule.rawValue, id: $0.id) }.sorted()
    let expectedErrors = audit.inputErrors.map(\.line).sorted()

    // One stream per file, from the seed and the file's name (stable across runs, unlike hashValue).
    let seed = relativePath.utf8.reduce(Self.seed) { ($0 &* 31) &+ UInt64($1) }
    var chunks = Chunks(state: seed)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tail-chunks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("trace.jsonl").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }

    var follower = TraceFollower(path: path, fromStart: true)
    defer { follower.close() }
    var found: [Key] = []
    var errors: [Int] = []
    func take(_ update: TraceFollower.Update) {
      found += update.findings.map { Key(line: $0.line, rule: $0.rule.rawValue, id: $0.id) }
      errors += update.inputErrors.map(\.line)
    }
    take(follower.poll())
    var offset = 0
    var sizes: [Int] = []
    while offset < bytes.count {
      let size = min(chunks.next(upTo: 160), bytes.count - offset)
      sizes.append(size)
      try handle.write(contentsOf: bytes[offset..<offset + size])
      offset += size
      take(follower.poll())
    }
    take(follower.poll())
    take(follower.finish(idleAfter: nil))
    let context = "seed \(seed) (REPLAY_TAIL_SEED=\(Self.seed)), chunk sizes \(sizes.prefix(12))…"
    #expect(found.sorted() == expected, "\(relativePath): \(context)")
    #expect(errors.sorted() == expectedErrors, "\(relativePath): \(context)")
    #expect(follower.pendingBytes == 0, "\(relativePath)")
  }
}
