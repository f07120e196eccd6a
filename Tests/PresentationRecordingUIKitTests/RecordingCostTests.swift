import Foundation
import Testing

/// `ReplayBenchmark --recording` runs every path it reports, through the glue and bare, and prints a
/// figure for each.
@Suite struct RecordingCostTests {
  static func builtExecutable(_ name: String) -> String? {
    var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return directories.map { $0.appendingPathComponent(name).path }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  @Test func theBenchmarkMeasuresEveryRecordingPath() throws {
    let executable = try #require(Self.builtExecutable("ReplayBenchmark"), "run swift build first")
    let child = Process()
    child.executableURL = URL(fileURLWithPath: executable)
    child.arguments = ["--recording", "--events", "2000", "--runs", "1"]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    #expect(child.terminationStatus == 0)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.contains("ns per callback") }
    #expect(rows.count == 5, "\(text)")
    for row in rows {
      let figure = row.split(separator: " ").last.flatMap { Double($0) }
      #expect(figure.map { $0 > 0 && $0.isFinite } == true, "no figure in \(row)")
    }
  }
}
