import Foundation
import Testing

/// The UIKit-free targets stay UIKit-free: only the glue (and what is built on it) imports UIKit or the
/// surface that stands in for it.
@Suite struct ModuleBoundaryTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  @Test(arguments: ["StateMachine", "Replay"])
  func aTargetWithoutTheGlueImportsNoUIKit(_ target: String) throws {
    let directory = Self.sources.appendingPathComponent(target)
    let files = try #require(FileManager.default.enumerator(atPath: directory.path)).compactMap {
      $0 as? String
    }
    .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    for file in files {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains("import ") {
        #expect(
          !line.contains("UIKit") && !line.contains("PresentationRecordingUIKit"),
          "\(target)/\(file): \(line)")
      }
    }
  }
}
