/// Turns the parsed JSON object of one line into a header or an event, checking every key's type.
///
/// ```swift
/// var decoder = LineDecoder()
/// let record = decoder.decode(Array(#"{"t":1,"id":"p1","event":"dismiss"}"#.utf8), line: 2)
/// ```
///
/// It keeps the unknown event names already reported, so each is noted once per trace, up to a limit
/// (`UnknownEventNotes`).
package struct LineDecoder: Sendable {
  private var unknownEvents = UnknownEventNotes()
  private var sawFirstLine = false

  package init() {}

  /// Decodes one non-blank line (without its terminator); `nil` for a line that is skipped silently.
  package mutating func decode(_ bytes: [UInt8], line: Int) -> TraceRecord? {
    bytes.withUnsafeBufferPointer { decode($0, line: line) }
  }

  /// Decodes one non-blank line (without its terminator); `nil` for a line that is skipped silently.
  package mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> TraceRecord? {
    let isFirstLine = !sawFirstLine
    sawFirstLine = true
    let object: JSONLineParser.Object
    do {
      object = try JSONLineParser.parseObject(bytes)
    } catch {
      return .inputError(InputError(line: line, column: error.column, message: error.message))
    }
    // An event may carry an unknown key named "format" (kept in `extra`); only a line without
    // "event" is a header.
    if let format = object["format"], object["event"] == nil {
      return decodeHeader(object, format: format, line: line, isFirstLine: isFirstLine, bytes: bytes)
    }
    return decodeEvent(object, line: line)
  }

  /// Records that a line was decoded by the fast path (`TraceReader`), so a later header is misplaced.
  mutating func markLineDecoded() { sawFirstLine = true }

  /// The record of an event line whose name the format does not define: skipped, but its time still
  /// advances the trace's clock (<doc:Rules#Time-evidence>); the note is set the first time the name appears.
  mutating func skippedEvent(name: String, t: Double, id: String, line: Int) -> TraceRecord {
    .skippedEvent(name: name, t: t, id: id, line: line, note: unknownEvents.note(for: name, line: line))
  }

  private func decodeHeader(
    _ object: JSONLineParser.Object, format: JSONLineParser.Member, line: Int, isFirstLine: Bool,
    bytes: UnsafeBufferPointer<UInt8>
  ) -> TraceRecord {
    func fail(_ column: Int, _ message: String) -> TraceRecord {
      .inputError(InputError(line: line, column: column, message: message))
    }
    guard isFirstLine else {
      return fail(format.keyColumn, "a header (a line with \"format\") is only allowed as the first line")
    }
    guard format.value.stringValue == TraceHeader.formatName else {
      return fail(format.valueColumn, "\"format\" must be \"\(TraceHeader.formatName)\"")
    }
    guard let version = object["version"] else {
      return fail(1, "the header needs \"version\":\(TraceHeader.supportedVersion)")
    }
    guard version.value.numberValue == Double(TraceHeader.supportedVersion) else {
      let found = version.value.numberValue.map(JSONText.number) ?? version.value.typeName
      return fail(
        version.valueColumn,
        "unsupported trace version \(found); this reader understands version \(TraceHeader.supportedVersion)")
    }
    var header = TraceHeader()
    for member in object.members where member.key != "format" && member.key != "version" {
      if member.key == "expect" {
        guard case .array(let items) = member.value else {
          return fail(
            member.valueColumn, "\"expect\" must be an array of rule ids, found \(member.value.typeName)")
        }
        var ids: [String] = []
        for item in items {
          guard let id = item.stringValue else {
            return fail(member.valueColumn, "\"expect\" must hold only strings (rule ids)")
          }
          ids.append(id)
        }
        header.expect = ids
      } else if member.key == "ignore" {
        guard case .array(let items) = member.value else {
          return fail(
            member.valueColumn, "\"ignore\" must be an array of rule ids, found \(member.value.typeName)")
        }
        var rules: [Rule] = []
        for item in items {
          guard let id = item.stringValue else {
            return fail(member.valueColumn, "\"ignore\" must hold only strings (rule ids)")
          }
          do {
            rules.append(try Rule.named(id))
          } catch {
            let column = Self.column(ofString: id, in: bytes, from: member.valueColumn) ?? member.valueColumn
            return fail(column, "\"ignore\": \(error.message)")
          }
        }
        header.ignore = rules
      } else {
        header.metadata.append((member.key, member.value))
      }
    }
    return .header(header, line: line)
  }

  private mutating func decodeEvent(_ object: JSONLineParser.Object, line: Int) -> TraceRecord? {
    func fail(_ column: Int, _ message: String) -> TraceRecord {
      .inputError(InputError(line: line, column: column, message: message))
    }
    guard let t = object["t"] else { return fail(1, "missing \"t\" (seconds on a monotonic clock)") }
    guard let time = t.value.numberValue else {
      return fail(t.valueColumn, "\"t\" must be a number of seconds, found \(t.value.typeName)")
    }
    guard let id = object["id"] else { return fail(1, "missing \"id\" (the presentation's id)") }
    guard let idString = id.value.stringValue else {
      return fail(id.valueColumn, "\"id\" must be a string, found \(id.value.typeName)")
    }
    guard !idString.isEmpty else { return fail(id.valueColumn, "\"id\" must not be empty") }
    guard let name = object["event"] else { return fail(1, "missing \"event\" (the callback's name)") }
    guard let nameString = name.value.stringValue else {
      return fail(name.valueColumn, "\"event\" must be a string, found \(name.value.typeName)")
    }
    guard let kind = EventKind(rawValue: nameString) else {
      return skippedEvent(name: nameString, t: time, id: idString, line: line)
    }
    var event = Event(t: time, id: idString, kind: kind)
    let known = kind.payloadKeys
    for member in object.members {
      switch member.key {
      case "t", "id", "event": continue
      default: break
      }
      guard let key = PayloadKey(rawValue: member.key), known.contains(key) else {
        event.extra.append((member.key, member.value))
        continue
      }
      guard Self.matches(member.value, key.valueType) else {
        return fail(
          member.valueColumn,
          "\"\(key.rawValue)\" of \(kind.rawValue) must be \(Self.article(key.valueType)), "
            + "found \(member.value.typeName)")
      }
      event.payload[key] = member.value
    }
    for key in kind.requiredPayloadKeys where event.payload[key] == nil {
      return fail(
        name.valueColumn,
        "\(kind.rawValue) needs \"\(key.rawValue)\" (\(Self.article(key.valueType)))")
    }
    event.extra.sort { $0.key < $1.key }
    return .event(event, line: line)
  }

  /// The 1-based column of the first `"text"` (spelled without escapes) at or after `column`, if any.
  private static func column(ofString text: String, in bytes: UnsafeBufferPointer<UInt8>, from column: Int)
    -> Int?
  {
    let needle = [UInt8(ascii: "\"")] + Array(text.utf8) + [UInt8(ascii: "\"")]
    guard column >= 1, bytes.count >= needle.count else { return nil }
    var index = column - 1
    while index + needle.count <= bytes.count {
      if bytes[index] == needle[0], needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) {
        return index + 1
      }
      index += 1
    }
    return nil
  }

  private static func matches(_ value: JSONValue, _ type: PayloadKey.ValueType) -> Bool {
    switch (value, type) {
    case (.bool, .bool), (.number, .number), (.string, .string): true
    default: false
    }
  }

  private static func article(_ type: PayloadKey.ValueType) -> String {
    switch type {
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    }
  }
}
