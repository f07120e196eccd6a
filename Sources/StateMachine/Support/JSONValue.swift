/// A JSON value as the trace reader parsed it.
///
/// ```swift
/// let value: JSONValue = .object([("t", .number(0.5))])
/// value["t"]?.numberValue // 0.5
/// ```
///
/// Objects keep their keys in input order; the canonical writer sorts them.
public indirect enum JSONValue: Sendable, Hashable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as a `Double`.
  case number(Double)
  /// A string, unescaped.
  case string(String)
  /// An array, in input order.
  case array([JSONValue])
  /// An object, its members in input order so the canonical writer decides the order.
  case object([(key: String, value: JSONValue)])

  /// The value when it is a boolean, to read metadata without a `switch`.
  public var boolValue: Bool? { if case .bool(let v) = self { v } else { nil } }
  /// The value when it is a number.
  public var numberValue: Double? { if case .number(let v) = self { v } else { nil } }
  /// The value when it is a string.
  public var stringValue: String? { if case .string(let v) = self { v } else { nil } }

  /// The value stored under `key` when this is an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The JSON type's name, for error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let v): hasher.combine(v)
    case .number(let v): hasher.combine(v)
    case .string(let v): hasher.combine(v)
    case .array(let v): hasher.combine(v)
    case .object(let members):
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }
}
