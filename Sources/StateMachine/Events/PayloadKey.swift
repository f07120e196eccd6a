/// A payload key of trace format v1: its name in a line, the JSON type its value must have, and where a
/// ``Payload`` keeps its value.
///
/// ```swift
/// PayloadKey.didComplete.valueType // .bool
/// PayloadKey.didComplete.rawValue  // "didComplete", as a line spells it
/// ```
///
/// Each key is declared once: its case gives its name (the raw value), its row in `declaration` the rest.
/// The reader's key tables, the recorder's key fragments and `Payload`'s storage are built from the rows.
public enum PayloadKey: String, CaseIterable, Sendable {
  case presenter, animated, style, completed, didComplete, width, height, duration, percent
  case completionSpeed, translation, velocity, name, wantsInteractiveStart, resolvedStyle

  /// The JSON type a value of this key must have.
  public enum ValueType: String, Sendable { case bool, number, string }

  /// The JSON type a value of this key must have.
  public var valueType: ValueType { declaration.type }

  /// The key's bit in a set of keys: `Payload` marks the keys it holds with it, the reader the keys each
  /// event kind allows and requires.
  var bit: UInt16 { 1 << UInt16(truncatingIfNeeded: declaration.index) }

  /// The key's number among all keys (its bit's position).
  var index: Int { declaration.index }

  /// Where `Payload` keeps the value, among the keys of the same type.
  var slot: Int { declaration.slot }

  /// The set of the string keys, by `bit`.
  static let stringKeys: UInt16 = allCases.reduce(0) { $1.valueType == .string ? $0 | $1.bit : $0 }

  /// Every key's row: its type, its index (its place in `allCases`, which a test holds it to) and its slot
  /// (the keys of one type numbered from 0, which a test holds within `Payload`'s storage). The rows are
  /// constants, so a read of one column is one table read (and none for a key known when compiling).
  @inline(__always)
  private var declaration: (type: ValueType, index: Int, slot: Int) {
    switch self {
    case .presenter: (.string, 0, 0)
    case .animated: (.bool, 1, 0)
    case .style: (.string, 2, 1)
    case .completed: (.bool, 3, 1)
    case .didComplete: (.bool, 4, 2)
    case .width: (.number, 5, 0)
    case .height: (.number, 6, 1)
    case .duration: (.number, 7, 2)
    case .percent: (.number, 8, 3)
    case .completionSpeed: (.number, 9, 4)
    case .translation: (.number, 10, 5)
    case .velocity: (.number, 11, 6)
    case .name: (.string, 12, 2)
    case .wantsInteractiveStart: (.bool, 13, 3)
    case .resolvedStyle: (.string, 14, 3)
    }
  }
}
