import Dispatch
import PresentationStateMachine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Follows one trace file while an app writes it: each `poll()` reads what was appended since the last
/// one and audits it, and notices the file being truncated, rewritten, removed or replaced.
///
/// ```swift
/// var follower = TraceFollower(path: "session.jsonl", fromStart: true)
/// let update = follower.poll()   // findings, input errors and notes of the lines completed since
/// ```
///
/// Only complete lines are decoded; a line still being written waits for the next poll. The whole file
/// is always audited from its first line, so line numbers and the machine's state are those of
/// `replay audit`; without `fromStart`, what the file held when it was first opened is audited but not
/// reported (`Update.hiddenFindings`). A file that shrinks, or whose last read line changed, was
/// truncated or rewritten: the follower starts over from its first byte with a fresh auditor. A file
/// whose path now names another inode was replaced: the rest of the old file is read, then the new one
/// from its start.
struct TraceFollower {
  /// What one poll found.
  struct Update {
    var findings: [Finding] = []
    var inputErrors: [InputError] = []
    var notes: [TraceNote] = []
    /// Events the lines of this poll held.
    var events = 0
    /// Things that happened to the file itself (truncated, replaced, waiting for it).
    var fileNotes: [String] = []
    /// Findings of the file's content before following started: audited, not shown.
    var hiddenFindings: [Finding] = []
    /// Input errors of the file's content before following started: not shown.
    var hiddenInputErrors = 0
    /// Where the file's current generation starts in `findings`, `inputErrors` and `events`, when this
    /// poll started the file over (truncated, rewritten, replaced): what comes before is the old file's.
    var restart: (findings: Int, inputErrors: Int, events: Int)?

    var isEmpty: Bool {
      findings.isEmpty && inputErrors.isEmpty && notes.isEmpty && fileNotes.isEmpty && events == 0
    }
  }

  private struct OpenFile {
    var descriptor: Int32
    var device: UInt64
    var inode: UInt64
  }

  let path: String
  let configuration: AuditConfiguration
  private let fromStart: Bool
  private var file: OpenFile?
  private var openedOnce = false
  private var offset: Int64 = 0
  /// The last bytes (up to 64) of the last complete line read, and where they start: a file rewritten in
  /// place between two polls no longer holds them.
  private var fingerprint: [UInt8] = []
  private var fingerprintOffset: Int64 = 0
  private var decoder = IncrementalTraceDecoder()
  private var auditor: LiveAuditor
  private var notedMissing = false
  private var notedRemoved = false
  private var chunk = [UInt8](repeating: 0, count: 64 << 10)
  /// Monotonic wall time in nanoseconds (injectable for tests).
  private let wallClock: () -> UInt64
  /// The last line that carried a time: its `t`, its number, and the wall time it was read at.
  private var lastTimed: (t: Double, line: Int, wall: UInt64)?
  /// Findings the idle check reported, so the audit does not report them again when a line proves them.
  private var reportedEarly: Set<FindingKey> = []

  private struct FindingKey: Hashable {
    var rule: Rule
    var line: Int
    var id: String
    init(_ finding: Finding) {
      rule = finding.rule
      line = finding.line
      id = finding.id
    }
  }

  init(
    path: String, fromStart: Bool, configuration: AuditConfiguration = AuditConfiguration(),
    wallClock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    self.path = path
    self.fromStart = fromStart
    self.configuration = configuration
    self.wallClock = wallClock
    auditor = LiveAuditor(configuration: configuration)
  }

  /// When no line has come for `seconds` of wall time, the deadlines judged as if the trace's clock
  /// had run on with the wall clock since the last line: the trace's `t` is the app's uptime clock
  /// (`CACurrentMediaTime`), which this machine cannot read, so this maps elapsed wall time onto it, an
  /// approximation (an app paused in a debugger, or a device asleep, has a clock that stood still). Each
  /// finding is reported once; the audit does not repeat it when a later line proves it.
  mutating func idleCheck(after seconds: Double) -> Update {
    var update = Update()
    guard file != nil, let last = lastTimed else { return update }
    let idle = Double(wallClock() &- last.wall) / 1e9
    guard idle >= seconds else { return update }
    update.findings = auditor.probe(advancingTo: last.t + idle, line: last.line + 1).filter {
      reportedEarly.insert(FindingKey($0)).inserted
    }
    if !update.findings.isEmpty {
      update.fileNotes.append(
        "no new line for \(Self.seconds(idle)): deadlines judged as if the app's clock had run on with "
          + "this machine's since line \(last.line) (t=\(last.t) + \(Self.seconds(idle))); --idle-check")
    }
    return update
  }

  /// What only the end of the trace settles (unresolved appearance callbacks), for the file as it is
  /// now, with the idle check's estimate of the app's clock when `idleAfter` is given; what was already
  /// reported is left out.
  mutating func finish(idleAfter: Double?) -> Update {
    var update = Update()
    guard let last = lastTimed else { return update }
    var estimate: Double?
    if let idleAfter {
      let idle = Double(wallClock() &- last.wall) / 1e9
      if idle >= idleAfter { estimate = last.t + idle }
    }
    update.findings = auditor.probe(advancingTo: estimate, line: last.line + 1, finishing: true).filter {
      reportedEarly.insert(FindingKey($0)).inserted
    }
    return update
  }

  private static func seconds(_ value: Double) -> String {
    "\((value * 10).rounded() / 10) s"
  }

  /// Reads and audits everything appended since the last poll.
  mutating func poll() -> Update {
    var update = Update()
    guard let current = file ?? openFile(&update) else { return update }
    var info = stat()
    if fstat(current.descriptor, &info) == 0 {
      if Int64(info.st_size) < offset {
        update.fileNotes.append("\(path) was truncated; starting over from its first line")
        restart(&update)
      } else if !fingerprintMatches(current.descriptor) {
        update.fileNotes.append("\(path) was rewritten; starting over from its first line")
        restart(&update)
      }
    }
    read(current.descriptor, into: &update, show: true)
    switch pathState(of: current) {
    case .same:
      notedRemoved = false
    case .missing:
      if !notedRemoved {
        update.fileNotes.append("\(path) was removed; waiting for a new file at that path")
        notedRemoved = true
      }
    case .replaced:
      update.fileNotes.append("\(path) was replaced by a new file; following it from its first line")
      closeFile()
      restart(&update)
      notedRemoved = false
      if let replacement = openFile(&update) { read(replacement.descriptor, into: &update, show: true) }
    }
    return update
  }

  /// Closes the file.
  mutating func close() { closeFile() }

  /// Bytes after the last complete line: a line still being written.
  var pendingBytes: Int { decoder.pendingByteCount }

  private enum PathState { case same, missing, replaced }

  private func pathState(of current: OpenFile) -> PathState {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    let same =
      UInt64(truncatingIfNeeded: info.st_dev) == current.device
      && UInt64(truncatingIfNeeded: info.st_ino) == current.inode
    return same ? .same : .replaced
  }

  private mutating func openFile(_ update: inout Update) -> OpenFile? {
    // Only what the file holds when following starts is caught up silently: a file that appears later
    // is a new recording, reported from its first line.
    defer { openedOnce = true }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if !notedMissing {
        let reason = String(cString: strerror(errno))
        update.fileNotes.append("waiting for \(path) (\(reason))")
        notedMissing = true
      }
      return nil
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
      _ = Self.systemClose(descriptor)
      if !notedMissing {
        update.fileNotes.append("waiting for \(path) (not a regular file)")
        notedMissing = true
      }
      return nil
    }
    notedMissing = false
    let opened = OpenFile(
      descriptor: descriptor, device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino))
    file = opened
    if !openedOnce, !fromStart {
      // Catch up silently: audit what is already there, so line numbers and state are right.
      var hidden = Update()
      read(descriptor, into: &hidden, show: false, upTo: Int64(info.st_size))
      update.hiddenFindings = hidden.hiddenFindings
      update.hiddenInputErrors = hidden.hiddenInputErrors
      update.events += hidden.events
    }
    return opened
  }

  private mutating func closeFile() {
    if let file { _ = Self.systemClose(file.descriptor) }
    file = nil
  }

  private mutating func restart(_ update: inout Update) {
    update.restart = (update.findings.count, update.inputErrors.count, update.events)
    lastTimed = nil
    reportedEarly = []
    offset = 0
    fingerprint = []
    fingerprintOffset = 0
    decoder = IncrementalTraceDecoder()
    auditor = LiveAuditor(configuration: configuration)
  }

  private func fingerprintMatches(_ descriptor: Int32) -> Bool {
    guard !fingerprint.isEmpty else { return true }
    var bytes = [UInt8](repeating: 0, count: fingerprint.count)
    let count = bytes.withUnsafeMutableBytes { buffer in
      pread(descriptor, buffer.baseAddress, buffer.count, off_t(fingerprintOffset))
    }
    return count == fingerprint.count && bytes == fingerprint
  }

  /// Reads from `offset` to the end (or to `limit`), decodes complete lines and audits them.
  private mutating func read(
    _ descriptor: Int32, into update: inout Update, show: Bool, upTo limit: Int64? = nil
  ) {
    while limit.map({ offset < $0 }) ?? true {
      let wanted = limit.map { min(chunk.count, Int($0 - offset)) } ?? chunk.count
      let start = offset
      let count = chunk.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress, wanted, off_t(start))
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      offset += Int64(count)
      let records = chunk.withUnsafeBufferPointer { buffer in
        decoder.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]))
      }
      rememberLastLine(count: count)
      let now = wallClock()
      for record in records {
        let found = auditor.consume(record)
        update.findings +=
          reportedEarly.isEmpty ? found : found.filter { !reportedEarly.contains(FindingKey($0)) }
        switch record {
        case .event(let event, let line):
          lastTimed = (event.t, line, now)
          update.events += 1
        case .skippedEvent(_, let t, _, let line, let note):
          lastTimed = (t, line, now)
          if let note { update.notes.append(note) }
        case .inputError(let error): update.inputErrors.append(error)
        case .note(let note): update.notes.append(note)
        case .header: break
        }
      }
    }
    if !show {
      update.hiddenFindings += update.findings
      update.hiddenInputErrors += update.inputErrors.count
      update.findings = []
      update.inputErrors = []
      update.notes = []
    }
  }

  /// Keeps the last bytes before the end of the last complete line in the chunk just read.
  private mutating func rememberLastLine(count: Int) {
    guard let newline = chunk[0..<count].lastIndex(of: 0x0A) else { return }
    let lineEnd = offset - Int64(count) + Int64(newline) + 1
    let length = min(64, newline + 1)
    fingerprint = Array(chunk[(newline + 1 - length)...newline])
    fingerprintOffset = lineEnd - Int64(length)
  }

  private static func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      Darwin.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #else
      Glibc.close(descriptor)
    #endif
  }
}
