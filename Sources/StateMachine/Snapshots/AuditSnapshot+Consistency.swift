/// What a snapshot's own records allow: every number in range, and the state in agreement with where it
/// says it stopped. A snapshot this build wrote always passes; one edited by hand past its checksum (or
/// written by a defect) is refused before an overflow traps, an allocation of the edited size aborts, or a
/// finding is reported at a line that is not its own.
///
/// ```swift
/// snapshot.line = Int.max
/// snapshot.inconsistency  // "line 9223372036854775807 is past byte 8192, where the snapshot stopped"
/// ```
extension AuditSnapshot {
  /// Why the snapshot cannot be one this build wrote, or `nil` when it can.
  var inconsistency: String? {
    // Each line folded in ends with its "\n" before the offset, and each event is a line: every count and
    // line below is then at most the log's size, which no arithmetic on it can overflow.
    guard log.length >= 0 else { return "the offset \(log.length) is negative" }
    guard log.tailLength == min(LogFingerprint.tailSize, log.length) else {
      return
        "the fingerprint covers \(log.tailLength) bytes, not the \(min(LogFingerprint.tailSize, log.length)) "
        + "before byte \(log.length)"
    }
    guard log.tailHash.utf8.count == 16, log.tailHash.utf8.allSatisfy(Self.isLowercaseHexDigit) else {
      return "the fingerprint's hash is not 16 hex digits"
    }
    guard (0...log.length).contains(line), (line == 0) == (log.length == 0) else {
      return "line \(line) does not fit byte \(log.length), where the snapshot stopped"
    }
    guard (0...line).contains(events) else { return "\(events) events in \(line) lines" }
    guard reportedUnknownEvents.count <= line else {
      return "\(reportedUnknownEvents.count) unknown event names noted in \(line) lines"
    }
    // A transition begins on an event's line, and one line begins at most one per presentation held (a
    // stack dismissed from below), so `line × (limit + 1)` bounds the count; capped at `Int.max`, it also
    // leaves the count room to go on without wrapping.
    let held = UInt64(max(0, auditor.configuration.presentationLimit)) + 1
    let (product, overflow) = UInt64(line).multipliedReportingOverflow(by: held)
    let transitions = overflow ? UInt64(Int.max) : min(product, UInt64(Int.max))
    guard auditor.session.serial <= transitions else {
      return "\(auditor.session.serial) transitions begun in \(line) lines"
    }
    return auditor.session.inconsistency(upToLine: line)
  }

  private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }
}

extension PresentationSession {
  /// Why the session cannot be the state after `line` lines, or `nil` when it can.
  func inconsistency(upToLine line: Int) -> String? {
    for slot in storage.slots.indices {
      let lifecycle = storage.slots[slot].lifecycle
      guard lifecycle.phase != .absent else { continue }
      let id = storage.id(ofSlot: slot)
      if let problem = lifecycle.inconsistency(upToLine: line, serial: serial) { return "\(id): \(problem)" }
    }
    return nil
  }
}

extension PresentationLifecycle {
  /// Why the lifecycle cannot be one after `line` lines of a session that numbered `serial` transitions,
  /// or `nil` when it can.
  func inconsistency(upToLine line: Int, serial: UInt64) -> String? {
    guard line >= 1 else { return "a presentation before any line" }
    let lines = 1...line
    // A phase in flight belongs to the transition that moved it there, which has that direction.
    if let direction = phase.direction, transition?.direction != direction {
      return "phase \(phase.name) without a \(direction.rawValue) transition"
    }
    if let open = openLayout, !lines.contains(open.line) {
      return "a layout pass opened at line \(open.line), past line \(line)"
    }
    if let pending = pendingAppearance, !lines.contains(pending.line) {
      return "an appearance callback pending since line \(pending.line), past line \(line)"
    }
    guard (0...line).contains(nestedLayoutWills) else {
      return "\(nestedLayoutWills) nested layout passes in \(line) lines"
    }
    guard let record = transition else { return nil }
    guard lines.contains(record.requestLine), (record.requestLine...line).contains(record.lastLine) else {
      return "a transition from line \(record.requestLine) to line \(record.lastLine), past line \(line)"
    }
    if let start = record.interactiveStartLine, !lines.contains(start) {
      return "an interaction started at line \(start), past line \(line)"
    }
    guard (0...line).contains(record.undrivenSinceLine), (0...line).contains(record.interruptions) else {
      return "a transition whose counts do not fit \(line) lines"
    }
    // Numbered from 1 as they begin: none past the session's count (a session that began none has none).
    guard record.serial >= 1, record.serial <= serial else {
      return "transition \(record.serial) of a session that began \(serial)"
    }
    return nil
  }
}
