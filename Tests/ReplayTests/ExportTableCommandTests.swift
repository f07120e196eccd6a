import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

/// `replay export --table`: the same rows whatever `--jobs`, every input form `audit` takes, part files
/// per shard that cover every row once, whole lines only, and the timeline's options kept apart.
@Suite struct ExportTableCommandTests {
  /// A run's result and every chunk it wrote, in order.
  struct Run {
    var result: ReplayCLI.Result
    var chunks: [String]
    /// What the run reported of each trace's input, as it went.
    var diagnostics: String
    var rows: String { chunks.joined() }
  }

  func run(_ arguments: [String], standardInput: String = "") -> Run {
    var chunks: [String] = []
    var diagnostics = ""
    let context = ReplayCLI.Context(
      environment: [:], stdoutIsTerminal: false, standardInput: { standardInput })
    // `arguments` start with the command, as on the command line.
    let result = ExportCommand.run(
      Array(arguments.dropFirst()), context: context,
      output: TableExport.Output(rows: { chunks.append($0) }, diagnostics: { diagnostics += $0 }))
    return Run(result: result, chunks: chunks, diagnostics: diagnostics)
  }

  static let traces = ReplayCLITests.tracesDirectory

  static func temporaryDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
  }

  static let tablesAndFormats: [(String, String)] = ExportTable.allCases.flatMap { table in
    ExportFormat.allCases.map { (table.rawValue, $0.rawValue) }
  }

  @Test(arguments: tablesAndFormats)
  func theRowsAreTheSameWhateverTheNumberOfJobs(_ table: String, _ format: String) {
    let serial = run(["export", "--table", table, "--format", format, "--jobs", "1", Self.traces])
    #expect(serial.result.status == .clean, "\(serial.diagnostics)")
    #expect(serial.diagnostics.isEmpty)
    #expect(serial.rows.split(whereSeparator: \.isNewline).count > 50)
    for jobs in ["2", "3"] {
      let parallel = run(["export", "--table", table, "--format", format, "--jobs", jobs, Self.traces])
      #expect(parallel.rows == serial.rows, "--jobs \(jobs)")
      #expect(parallel.result.status == serial.result.status)
    }
  }

  @Test func everyWriteIsWholeLines() {
    for format in ["jsonl", "csv"] {
      let export = run(["export", "--table", "transitions", "--format", format, "--jobs", "2", Self.traces])
      #expect(export.chunks.count > 100, "a trace's rows at a time, not the run's")
      for chunk in export.chunks {
        #expect(chunk.utf8.last == UInt8(ascii: "\n"), "a write ends mid-line: \(chunk.suffix(80))")
      }
    }
  }

  @Test func theTransitionCountIsTheStatisticsTotal() throws {
    let export = run(["export", "--table", "transitions", Self.traces])
    let stats = ReplayCLI.run(["stats", "--format", "json", Self.traces], context: ReplayCLI.Context())
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    let byOutcome = try #require(document["transitions"] as? [String: Int])
    #expect(export.rows.split(whereSeparator: \.isNewline).count == byOutcome.values.reduce(0, +))
    let csv = run(["export", "--table", "transitions", "--format", "csv", Self.traces])
    #expect(csv.rows.components(separatedBy: "\r\n").dropLast().count == byOutcome.values.reduce(0, +) + 1)
  }

  @Test func aDashReadsThePathsFromStandardInput() {
    let files = ["\(Self.traces)/rules/complete-twice.jsonl", "\(Self.traces)/valid/id-reuse.jsonl"]
    let piped = run(
      ["export", "--table", "findings", "-"], standardInput: files.joined(separator: "\n") + "\n")
    let direct = run(["export", "--table", "findings"] + files)
    #expect(piped.rows == direct.rows)
    #expect(piped.rows.contains("\"rule\":\"complete-twice\""))
  }

  /// A batch engine's empty partition pipes no path: nothing to do is no error, so a job that checks exit
  /// codes fails only for what its traces hold. A listed path that names no file still is one.
  @Test func standardInputThatListsNoPathIsNothingToDo() {
    let empty = run(["export", "--table", "transitions", "-"], standardInput: "")
    #expect(empty.result.status == .clean)
    #expect(empty.rows.isEmpty && empty.result.stderr.isEmpty)
    let audit = ReplayCLI.run(
      ["audit", "-"],
      context: ReplayCLI.Context(environment: [:], stdoutIsTerminal: false, standardInput: { "\n" }))
    #expect(audit.status == .clean)
    let missing = run(["export", "--table", "transitions", "-"], standardInput: "\(Self.traces)/none/\n")
    #expect(missing.result.status == .inputError)
  }

  @Test(arguments: ["jsonl", "csv"])
  func shardPartsCoverEveryRowOnceAndAreRenamedWhenComplete(_ format: String) throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let whole = run(["export", "--table", "transitions", "--format", format, Self.traces])
    var partRows: [Substring] = []
    for index in 0..<3 {
      let part = run([
        "export", "--table", "transitions", "--format", format, "--shard", "\(index)/3", "--out",
        directory + "/", Self.traces,
      ])
      #expect(part.result.status == .clean)
      #expect(part.chunks.isEmpty, "rows go to the part file, not standard output")
      let text = try String(contentsOfFile: "\(directory)/part-\(index)-of-3.\(format)", encoding: .utf8)
      var lines = text.split(whereSeparator: \.isNewline)
      if format == "csv" {
        #expect(lines.first.map { $0 + "\r\n" } == Substring(ExportFormat.csv.header(of: .transitions)))
        lines.removeFirst()
      }
      partRows += lines
    }
    var wholeRows = whole.rows.split(whereSeparator: \.isNewline)
    if format == "csv" { wholeRows.removeFirst() }
    #expect(partRows.count == wholeRows.count)
    #expect(partRows.sorted() == wholeRows.sorted())
    let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(names == (0..<3).map { "part-\($0)-of-3.\(format)" }, "no temporary file is left")
  }

  @Test func withoutAShardThePartIsZeroOfOne() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let export = run(["export", "--table", "traces", "--out", directory, "\(Self.traces)/valid"])
    #expect(export.result.status == .clean)
    let text = try String(contentsOfFile: directory + "/part-0-of-1.jsonl", encoding: .utf8)
    #expect(text == run(["export", "--table", "traces", "\(Self.traces)/valid"]).rows)
  }

  @Test func anUnwritableOutLeavesNoPartAndExitsTwo() throws {
    let file = Self.temporaryDirectory()
    try "not a directory".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let export = run(["export", "--table", "traces", "--out", file, "\(Self.traces)/valid"])
    #expect(export.result.status == .inputError)
    #expect(export.result.stderr.hasPrefix("error: cannot create the directory"))
  }

  @Test func aTraceWithInputErrorsStillWritesItsGoodRowsAndExitsTwo() throws {
    let directory = Self.temporaryDirectory()
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let good = try String(contentsOfFile: "\(Self.traces)/valid/card-present-dismiss.jsonl", encoding: .utf8)
    var lines = good.split(separator: "\n", omittingEmptySubsequences: false)
    lines.insert("{\"t\":1845,\"id\":", at: 12)
    try lines.joined(separator: "\n").write(
      toFile: directory + "/broken.jsonl", atomically: true, encoding: .utf8)
    let transitions = run(["export", "--table", "transitions", directory])
    #expect(transitions.result.status == .inputError)
    #expect(
      transitions.diagnostics.hasSuffix(
        "broken.jsonl:13:16: error: [input] expected a value, found the end of the line (truncated line?)\n"))
    #expect(transitions.rows.split(whereSeparator: \.isNewline).count == 2)
    let traceRow = run(["export", "--table", "traces", directory]).rows
    #expect(traceRow.contains("\"input_errors\":1,\"verdict\":\"input-errors\""))
  }

  static let misuses: [[String]] = [
    ["--table", "transitions", "--width", "500"],
    ["--table", "transitions", "--format", "svg"],
    ["--table", "transitions", "--format", "chrome"],
    ["--table", "nope"],
    ["--format", "svg", "--out", "out"],
    ["--format", "svg", "--jobs", "2"],
    ["--format", "chrome", "--shard", "0/2"],
    ["--format", "jsonl"],
    ["--table", "traces", "--shard", "2/2"],
    ["--table", "traces", "--jobs", "0"],
  ]

  @Test(arguments: misuses)
  func mixingTheTwoModesIsWrongUsage(_ arguments: [String]) {
    let export = run(["export"] + arguments + ["\(Self.traces)/valid/card-present-dismiss.jsonl"])
    #expect(export.result.status == .usage, "\(arguments)")
    #expect(export.result.stderr.hasSuffix(ExportCommand.usage + "\n"))
    #expect(export.chunks.isEmpty)
  }

  @Test func theTimelineIsAsBefore() {
    let svg = run(["export", "--format", "svg", "\(Self.traces)/valid/card-present-dismiss.jsonl"])
    #expect(svg.result.status == .clean)
    #expect(svg.result.stdout.hasPrefix("<svg"))
    #expect(svg.chunks.isEmpty)
  }
}
