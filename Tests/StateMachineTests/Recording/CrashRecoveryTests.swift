import Foundation
import Testing

@testable import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct CrashRecoveryTests {
  /// Every line but the last is a valid event; the last is valid too or reported as truncated.
  static func checkReadable(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
    let records = try RecordingFixture.records(atPath: path)
    let events = RecordingFixture.events(records)
    let errors = RecordingFixture.errors(records)
    let lastLine = max(events.last?.line ?? 0, errors.last?.line ?? 0)
    #expect(errors.count <= 1, "more than one bad line: \(errors.prefix(3))", sourceLocation: sourceLocation)
    if let error = errors.first {
      #expect(error.line == lastLine, "a bad line before the end: \(error)", sourceLocation: sourceLocation)
      #expect(error.message.contains("truncated"), "\(error.message)", sourceLocation: sourceLocation)
    }
    #expect(
      events.map(\.line) == Array(2..<(2 + events.count)), "lines lost or out of place",
      sourceLocation: sourceLocation)
    return events.count
  }

  /// A child process records through the file sink as fast as it can and is killed with SIGKILL: the
  /// file holds whole lines up to the last flush, and at most the last line is cut.
  @Test func aChildKilledMidWriteLeavesAReadableTrace() throws {
    let executable = try #require(
      RecordingFixture.builtExecutable("RecorderExample"),
      "RecorderExample is not built next to the tests; run swift build first")
    for round in 0..<3 {
      let path = try RecordingFixture.temporaryTracePath()
      let child = Process()
      child.executableURL = URL(fileURLWithPath: executable)
      child.arguments = ["--until-killed", path]
      let output = Pipe()
      child.standardOutput = output
      try child.run()
      // Wait (generously) until the child says it is recording and the file has grown past a few flushes.
      let started = RecordingFixture.eventually(timeout: 20) {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return size > 200_000 * (round + 1)
      }
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
      #expect(started, "the child never wrote enough (round \(round))")
      #expect(child.terminationReason == .uncaughtSignal)
      #expect(child.terminationStatus == SIGKILL)
      let events = try Self.checkReadable(path)
      #expect(events > 1_000)
    }
  }

  /// A trace cut at every byte of its last lines (a kill between any two bytes of a write) reads back
  /// as every line before the cut, plus one line reported as truncated when the cut falls inside a line.
  @Test func aTraceCutAnywhereLosesAtMostItsLastLine() throws {
    let sink = MemoryTraceSink()
    let recorder = TraceRecorder(
      sink: sink, clock: VirtualTraceClock(start: 1, step: 0.001), header: TraceHeader())
    recorder.record(.present, id: "card", Payload(presenter: "root", animated: true, style: "custom"))
    recorder.record(.presentationTransitionWillBegin, id: "card")
    recorder.record(.animateTransition, id: "card", Payload(duration: 0.35))
    recorder.record(.updateInteractiveTransition, id: "card", Payload(percent: 0.25))
    let bytes = Array(sink.text.utf8)
    // Where each line's JSON ends (before its newline), and where the last two lines start.
    var jsonEnds: [Int] = []
    var offset = 0
    for line in sink.lines {
      offset += line.utf8.count
      jsonEnds.append(offset)
      offset += 1
    }
    let start = jsonEnds[jsonEnds.count - 3] + 1
    for cut in start...bytes.count {
      let records = Array(TraceReader(bytes: Array(bytes[..<cut])))
      let wholeLines = jsonEnds.filter { $0 <= cut }.count
      let errors = RecordingFixture.errors(records)
      #expect(RecordingFixture.events(records).count == wholeLines - 1, "cut at \(cut)")  // the header is one
      let insideALine = !jsonEnds.contains { $0 == cut || $0 + 1 == cut } && cut != start
      if insideALine {
        #expect(errors.count == 1 && errors.first?.line == wholeLines + 1, "cut at \(cut): \(errors)")
        #expect(errors.first?.message.contains("truncated") == true, "cut at \(cut): \(errors)")
      } else {
        #expect(errors.isEmpty, "cut at \(cut): \(errors)")
      }
    }
  }

  /// The example program's session, recorded through the file sink, audits clean; with its bug, the
  /// audit reports exactly the finding the live auditor printed.
  @Test func theExampleProgramRecordsATraceThatAuditsAsItsHeaderSays() throws {
    let executable = try #require(RecordingFixture.builtExecutable("RecorderExample"))
    for arguments in [[String](), ["--bug"]] {
      let path = try RecordingFixture.temporaryTracePath()
      let child = Process()
      child.executableURL = URL(fileURLWithPath: executable)
      child.arguments = arguments + [path]
      let errors = Pipe()
      child.standardError = errors
      child.standardOutput = Pipe()
      try child.run()
      let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      child.waitUntilExit()
      #expect(child.terminationStatus == 0)
      let report = FileReport.audit(path: path)
      #expect(report.inputErrors.isEmpty)
      #expect(report.events > 100)
      #expect(report.ruleIDs == (report.expect ?? ["<no expect>"]).sorted(), "\(arguments)")
      #expect(stderr.split(separator: "\n").filter { $0.hasPrefix("live: ") }.count == report.findings.count)
    }
  }
}
