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
/// reported (`Update.hiddenFindings` counts it). A file that shrinks, or whose last read line changed, was
/// truncated or rewritten: the follower starts over from its first byte with a fresh auditor. A file
/// whose path now names another inode was replaced: the rest of the old file is read, then the new one
/// from its start. A line that makes the trace hold more presentations than the configuration's
/// `presentationLimit` stops the audit there, as it stops `replay audit`: its input error is handed over
/// (even in what is caught up silently), and the follower reads no more of the file.
///
/// It holds what is in flight, not what it has seen: the audit's state (the presentations it still
/// tracks), and each finding only until the poll that settled it hands it over. A poll hands over about
/// `batchLimit` findings, input errors and notes at most (`Update.more` says there is more to read), so a
/// long backlog read with `fromStart` goes out in batches instead of being held whole.
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
    /// Error findings of the file's content before following started: audited, counted, not shown.
    var hiddenErrors = 0
    /// Warning findings of the file's content before following started.
    var hiddenWarnings = 0
    /// Input errors of the file's content before following started: not shown.
    var hiddenInputErrors = 0
    /// The poll stopped at its batch limit with more of the file to read: poll again at once.
    var more = false
    /// Where the file's current generation starts in `findings`, `inputErrors` and `events`, when this
    /// poll started the file over (truncated, rewritten, replaced): what comes before is the old file's.
    var restart: (findings: Int, inputErrors: Int, events: Int)?
    /// The audit stopped at the presentation limit (in this poll, whose `inputErrors` end with the error
    /// that says so, or before): nothing more of the file will be read.
    var stoppedAtPresentationLimit = false

    var isEmpty: Bool {
      findings.isEmpty && inputErrors.isEmpty && notes.isEmpty && fileNotes.isEmpty && events == 0
    }

    /// Findings of the content before following started, of either severity.
    var hiddenFindings: Int { hiddenErrors + hiddenWarnings }

    /// What the update holds for printing.
    var held: Int { findings.count + inputErrors.count + notes.count }
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
  private var auditor: AuditDriver
  /// About how many findings, input errors and notes one poll hands over (a chunk of lines more at most).
  private let batchLimit: Int
  private var notedMissing = false
  private var notedRemoved = false
  private var chunk = [UInt8](repeating: 0, count: 64 << 10)
  /// Monotonic wall time in nanoseconds (injectable for tests).
  private let wallClock: () -> UInt64
  /// The last line that carried a time: its `t`, its number, and the wall time it was read at.
  private var lastTimed: (t: Double, line: Int, wall: UInt64)?
  /// Findings the idle check reported, so the audit does not report them again when a line proves them,
  /// each with the time the check judged at: once the trace's clock passes it, the audit has reported
  /// the finding by then or never will (a line since resolved it), and the key is dropped.
  private var reportedEarly: [FindingKey: Double] = [:]

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
    batchLimit: Int = 1_000, wallClock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    self.path = path
    self.fromStart = fromStart
    self.configuration = configuration
    self.batchLimit = batchLimit
    self.wallClock = wallClock
    auditor = AuditDriver(configuration: configuration)
  }

  /// When no line has come for `seconds` of wall time, the deadlines judged as if the trace's clock
  /// had run on with the wall clock since the last line: the trace's `t` is the app's uptime clock
  /// (`CACurrentMediaTime`), which this machine cannot read, so this maps elapsed wall time onto it, an
  /// approximation (an app paused in a debugger, or a device asleep, has a clock that stood still). Each
  /// finding is reported once; the audit does not repeat it when a later line proves it.
  mutating func idleCheck(after seconds: Double) -> Update {
    var update = Update()
    // An audit stopped at the limit judges nothing more, as the rest of the trace goes unread.
    guard file != nil, !auditor.stoppedAtPresentationLimit, let last = lastTimed else { return update }
    let idle = Double(wallClock() &- last.wall) / 1e9
    guard idle >= seconds else { return update }
    let estimate = last.t + idle
    update.findings = auditor.probe(advancingTo: estimate, line: last.line + 1, finishing: false).filter {
      reportedEarly.updateValue(estimate, forKey: FindingKey($0)) == nil
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
    // An audit stopped at the limit ends where it stopped, as `replay audit` ends it: its clock runs on
    // no further.
    if let idleAfter, !auditor.stoppedAtPresentationLimit {
      let idle = Double(wallClock() &- last.wall) / 1e9
      if idle >= idleAfter { estimate = last.t + idle }
    }
    update.findings = auditor.probe(advancingTo: estimate, line: last.line + 1, finishing: true).filter {
      reportedEarly.updateValue(estimate ?? last.t, forKey: FindingKey($0)) == nil
    }
    return update
  }

  private static func seconds(_ value: Double) -> String {
    "\((value * 10).rounded() / 10) s"
  }

  /// Reads and audits everything appended since the last poll.
  mutating func poll() -> Update {
    var update = Update()
    guard !auditor.stoppedAtPresentationLimit else {
      update.stoppedAtPresentationLimit = true
      return update
    }
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
    // The rest of this file comes first: a replacement is looked for once it is read to its end. A file
    // whose audit stopped at the limit is not read to its end, nor is a new file at its path followed.
    if update.more || update.stoppedAtPresentationLimit { return update }
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

  /// The audit stopped at the presentation limit: the follower reads no more of the file.
  var stoppedAtPresentationLimit: Bool { auditor.stoppedAtPresentationLimit }

  /// Findings the follower still holds after handing them over: the idle check's, until the trace's
  /// clock passes the time it judged at. (The audit itself keeps none.)
  var retainedFindings: Int { auditor.findings.count + reportedEarly.count }

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
    var info = stat()
    // Looked at before it is opened: opening a FIFO for reading, even for a moment, would let a writer
    // waiting to open it go on and then fail on a pipe with no reader.
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
      noteNotRegular(&update)
      return nil
    }
    // Not blocking, for what the path names by the time it is opened: a FIFO would block the open until
    // a writer came, out of reach of --timeout and of the signals that stop tail.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      if !notedMissing {
        let reason = String(cString: strerror(errno))
        update.fileNotes.append("waiting for \(path) (\(reason))")
        notedMissing = true
      }
      return nil
    }
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      _ = Self.systemClose(descriptor)
      noteNotRegular(&update)
      return nil
    }
    // Reads block as usual from here on (a regular file never waits anyway).
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    notedMissing = false
    let opened = OpenFile(
      descriptor: descriptor, device: UInt64(truncatingIfNeeded: info.st_dev),
      inode: UInt64(truncatingIfNeeded: info.st_ino))
    file = opened
    if !openedOnce, !fromStart {
      // Catch up silently: audit what is already there, so line numbers and state are right.
      read(descriptor, into: &update, show: false, upTo: Int64(info.st_size))
    }
    return opened
  }

  /// Says once that the path names something other than a regular file, which is waited on to become one.
  private mutating func noteNotRegular(_ update: inout Update) {
    guard !notedMissing else { return }
    update.fileNotes.append("waiting for \(path) (not a regular file)")
    notedMissing = true
  }

  private mutating func closeFile() {
    if let file { _ = Self.systemClose(file.descriptor) }
    file = nil
  }

  private mutating func restart(_ update: inout Update) {
    update.restart = (update.findings.count, update.inputErrors.count, update.events)
    lastTimed = nil
    reportedEarly = [:]
    offset = 0
    fingerprint = []
    fingerprintOffset = 0
    decoder = IncrementalTraceDecoder()
    auditor = AuditDriver(configuration: configuration)
  }

  private func fingerprintMatches(_ descriptor: Int32) -> Bool {
    guard !fingerprint.isEmpty else { return true }
    var bytes = [UInt8](repeating: 0, count: fingerprint.count)
    let count = bytes.withUnsafeMutableBytes { buffer in
      pread(descriptor, buffer.baseAddress, buffer.count, off_t(fingerprintOffset))
    }
    return count == fingerprint.count && bytes == fingerprint
  }

  /// Reads from `offset` to the end (or to `limit`), decodes complete lines and audits them: into the
  /// update's lists when `show` (stopping at the batch limit), else into its hidden counts. Stops for
  /// good at the line that passes the presentation limit.
  private mutating func read(
    _ descriptor: Int32, into update: inout Update, show: Bool, upTo limit: Int64? = nil
  ) {
    while !auditor.stoppedAtPresentationLimit, limit.map({ offset < $0 }) ?? true {
      if show, update.held >= batchLimit {
        update.more = true
        break
      }
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
        let found = audit(record)
        switch record {
        case .event(let event, let line):
          lastTimed = (event.t, line, now)
          update.events += 1
        case .skippedEvent(_, let t, _, let line, let note):
          lastTimed = (t, line, now)
          if show, let note { update.notes.append(note) }
        case .inputError(let error):
          if show { update.inputErrors.append(error) } else { update.hiddenInputErrors += 1 }
        case .note(let note):
          if show { update.notes.append(note) }
        case .header: break
        }
        if show {
          update.findings += found
        } else {
          for finding in found {
            if finding.severity == .error { update.hiddenErrors += 1 } else { update.hiddenWarnings += 1 }
          }
        }
        if auditor.stoppedAtPresentationLimit {
          // Shown even in the lines caught up silently: it says why nothing more is reported. The
          // audit is fed no input error of its own, so this one is the limit's.
          update.inputErrors += auditor.inputErrors.suffix(1)
          update.stoppedAtPresentationLimit = true
          return
        }
      }
    }
  }

  /// Audits one record and takes what it settled from the audit, less what the idle check reported.
  private mutating func audit(_ record: TraceRecord) -> [Finding] {
    switch record {
    case .inputError, .note:
      // They change nothing in the audit, which would only keep them: they are reported from here.
      return []
    case .skippedEvent(let name, let t, let id, let line, _):
      // The note goes out from here too; the audit keeps only the clock's evidence.
      auditor.consume(.skippedEvent(name: name, t: t, id: id, line: line, note: nil))
    case .event, .header:
      auditor.consume(record)
    }
    var found = auditor.takeFindings()
    guard !reportedEarly.isEmpty else { return found }
    found.removeAll { reportedEarly.removeValue(forKey: FindingKey($0)) != nil }
    let t: Double? =
      switch record {
      case .event(let event, _): event.t
      case .skippedEvent(_, let t, _, _, _): t
      case .header, .inputError, .note: nil
      }
    if let t { reportedEarly = reportedEarly.filter { $0.value > t } }
    return found
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
