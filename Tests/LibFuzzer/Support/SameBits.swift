// Compiled into the libFuzzer targets of `Tests/LibFuzzer` (see run.sh).

import PresentationStateMachine

/// Equality down to the bits of every number: `==` takes -0.0 for 0.0, which the readers must not.
enum SameBits {
  /// Whether every number of `lhs` has the bits of its place in `rhs` (the records are already `==`).
  static func record(_ lhs: TraceRecord, _ rhs: TraceRecord) -> Bool {
    switch (lhs, rhs) {
    case (.event(let left, _), .event(let right, _)):
      return event(left, right)
    case (.skippedEvent(_, let left, _, _, _), .skippedEvent(_, let right, _, _, _)):
      return left.bitPattern == right.bitPattern
    case (.header(let left, _), .header(let right, _)):
      return left.metadata.count == right.metadata.count
        && zip(left.metadata, right.metadata).allSatisfy { value($0.value, $1.value) }
    default:
      return true
    }
  }

  static func event(_ left: borrowing Event, _ right: borrowing Event) -> Bool {
    left.t.bitPattern == right.t.bitPattern
      && Payload.Key.allCases.allSatisfy { value(left.payload[$0], right.payload[$0]) }
      && left.extra.count == right.extra.count
      && zip(left.extra, right.extra).allSatisfy { value($0.value, $1.value) }
  }

  /// Whether two compact events say the same, numbers to the bits Swift prints (`-0.0` is not `0.0`).
  static func compact(_ left: borrowing CompactEvent, _ right: borrowing CompactEvent) -> Bool {
    left.debugDescription == right.debugDescription
  }

  static func value(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
    switch (lhs, rhs) {
    case (.number(let left), .number(let right)): left.bitPattern == right.bitPattern
    case (.array(let left), .array(let right)):
      left.count == right.count && zip(left, right).allSatisfy(value)
    case (.object(let left), .object(let right)):
      left.count == right.count && zip(left, right).allSatisfy { value($0.value, $1.value) }
    default: true
    }
  }
}
