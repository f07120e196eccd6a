import Testing

@testable import PresentationStateMachine

/// The strict byte-level JSON parser on its own: values, byte columns, and every refusal.
@Suite struct JSONLineParserTests {
  static func parse(_ bytes: [UInt8]) -> Result<JSONLineParser.Object, JSONSyntaxError> {
    bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) in try JSONLineParser.parseObject(buffer) }
    }
  }

  static func parse(_ text: String) -> Result<JSONLineParser.Object, JSONSyntaxError> {
    parse(Array(text.utf8))
  }

  /// A line the parser must refuse, with the 1-based byte column and a part of the message.
  struct BadLine: Sendable, CustomTestStringConvertible {
    let what: String
    let bytes: [UInt8]
    let column: Int
    let message: String

    init(_ what: String, _ text: String, column: Int, _ message: String) {
      self.init(what, Array(text.utf8), column: column, message)
    }

    init(_ what: String, _ bytes: [UInt8], column: Int, _ message: String) {
      self.what = what
      self.bytes = bytes
      self.column = column
      self.message = message
    }

    var testDescription: String { what }
  }

  @Test func parsesEveryKindOfValueKeepingKeysInInputOrder() throws {
    let object = try Self.parse(#"{"b":null,"a":[true,false,1.5,-2,"x",{"z":0,"y":[]}]}"#).get()
    #expect(object.members.map(\.key) == ["b", "a"])
    #expect(object["b"]?.value == .null)
    let nested: JSONValue = .object([("z", .number(0)), ("y", .array([]))])
    #expect(
      object["a"]?.value
        == .array([.bool(true), .bool(false), .number(1.5), .number(-2), .string("x"), nested]))
  }

  @Test func acceptsJSONWhitespaceAroundEveryToken() throws {
    let object = try Self.parse(" \t{ \"a\" :\t[ 1 , 2 ] ,\r\"b\" : { } } \t").get()
    #expect(object["a"]?.value == .array([.number(1), .number(2)]))
    #expect(object["b"]?.value == .object([]))
  }

  @Test func reportsOneBasedByteColumnsOfKeysAndValues() throws {
    // "é" is two bytes, so everything after it is one column further right than its character index.
    let object = try Self.parse(#" {"é":1, "k" : "v"}"#).get()
    #expect(object.members.map(\.keyColumn) == [3, 11])
    #expect(object.members.map(\.valueColumn) == [8, 17])
  }

  @Test func decodesEveryEscapeIncludingSurrogatePairs() throws {
    let object = try Self.parse(#"{"s":"\"\\\/\b\f\n\r\t\u0041\u00e9\uD83D\uDE00\ud55c"}"#).get()
    #expect(object["s"]?.value == .string("\"\\/\u{08}\u{0C}\n\r\tAé😀한"))
  }

  @Test func keepsRawNonASCIIInStrings() throws {
    let object = try Self.parse(#"{"카드":"😀 é ß"}"#).get()
    #expect(object.members.map(\.key) == ["카드"])
    #expect(object["카드"]?.value == .string("😀 é ß"))
  }

  @Test(arguments: [
    ("0", 0.0), ("-0", -0.0), ("390", 390), ("0.1", 0.1), ("1843.2071", 1843.2071), ("1e-7", 1e-7),
    ("1e-07", 1e-7), ("1E+2", 100), ("-1.5e-3", -0.0015), ("1e-400", 0),
    ("9007199254740993", 9_007_199_254_740_992),
    ("1.7976931348623157e308", .greatestFiniteMagnitude),
  ])
  func parsesNumbers(text: String, expected: Double) throws {
    let value = try Self.parse(#"{"n":\#(text)}"#).get()["n"]?.value
    #expect(value == .number(expected))
    #expect(value?.numberValue?.sign == expected.sign, "sign of \(text)")
  }

  @Test func acceptsNestingUpToTheMaximumDepth() throws {
    // The object itself is level 1, so 63 arrays inside it reach exactly the maximum of 64.
    let depth = JSONLineParser.maximumDepth - 1
    let text = #"{"a":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
    #expect(throws: Never.self) { try Self.parse(text).get() }
  }

  @Test func refusesTenThousandNestedArraysWithoutExhaustingTheStack() {
    let text = #"{"a":"# + String(repeating: "[", count: 10_000)
    // '[' number k sits at column 5 + k and opens level k + 1; level 65 is the first refused.
    #expect(Self.parse(text).error == JSONSyntaxError(column: 69, message: "nesting deeper than 64 levels"))
  }

  @Test func refusesTenThousandNestedObjectsWithoutExhaustingTheStack() {
    let text = String(repeating: #"{"a":"#, count: 10_000)
    // Object number k (the outermost is 0) starts at column 1 + 5k and opens level k + 1.
    #expect(Self.parse(text).error == JSONSyntaxError(column: 321, message: "nesting deeper than 64 levels"))
  }

  @Test func findsADuplicateAmongManyKeys() throws {
    // 50,000 keys: past the first 16 the duplicate check is a set's, not a scan of the keys before (a
    // pairwise check would make over a billion string comparisons here). Not timed: a unit test's clock
    // measures the machine's load as much as the parser (under load this once ran past a one-minute
    // limit); the parser's speed is the benchmark's to measure.
    let count = 50_000
    let text = "{" + (0..<count).map { #""k\#($0)":0"# }.joined(separator: ",") + #","k7":1}"#
    let error = Self.parse(text).error
    #expect(error?.message == #"duplicate key "k7""#)
    #expect(error?.column == text.utf8.count - 6)  // the duplicate key's opening quote, in `,"k7":1}`
  }

  static let badLines: [BadLine] = [
    BadLine("NaN", #"{"a":NaN}"#, column: 6, "NaN and Infinity are not JSON numbers"),
    BadLine("Infinity", #"{"a":Infinity}"#, column: 6, "NaN and Infinity are not JSON numbers"),
    BadLine("-Infinity", #"{"a":-Infinity}"#, column: 6, "NaN and Infinity are not JSON numbers"),
    BadLine("-NaN", #"{"a":-NaN}"#, column: 6, "NaN and Infinity are not JSON numbers"),
    BadLine("1e400", #"{"a":1e400}"#, column: 6, "number 1e400 is out of range for a double"),
    BadLine("-1e400", #"{"a":-1e400}"#, column: 6, "number -1e400 is out of range for a double"),
    BadLine("leading zero", #"{"a":01}"#, column: 6, "leading zeros are not allowed"),
    BadLine("bare decimal point", #"{"a":1.}"#, column: 8, "expected a digit after the decimal point"),
    BadLine("leading decimal point", #"{"a":.5}"#, column: 6, "expected a value"),
    BadLine("plus sign", #"{"a":+1}"#, column: 6, "expected a value"),
    BadLine("empty exponent", #"{"a":1e}"#, column: 8, "expected a digit in the exponent"),
    BadLine("misspelt literal", #"{"a":tru}"#, column: 6, "expected 'true'"),
    BadLine("capitalised literal", #"{"a":True}"#, column: 6, "expected a value"),
    BadLine("single quotes", #"{"a":'x'}"#, column: 6, "expected a value"),
    BadLine("unknown escape", #"{"a":"x\qy"}"#, column: 8, #"invalid escape '\q'"#),
    BadLine("short \\u escape", #"{"a":"\u12G4"}"#, column: 11, #"\u escape needs four hex digits"#),
    BadLine("lone high surrogate", #"{"a":"\uD800"}"#, column: 7, "unpaired UTF-16 surrogate"),
    BadLine("lone low surrogate", #"{"a":"\uDC00"}"#, column: 7, "unpaired UTF-16 surrogate"),
    BadLine("high surrogate then BMP", #"{"a":"\uD800\u0041"}"#, column: 7, "unpaired UTF-16 surrogate"),
    BadLine("high surrogate then \\n", #"{"a":"\uD800\n"}"#, column: 7, "unpaired UTF-16 surrogate"),
    BadLine("two high surrogates", #"{"a":"\uD83D\uD83D"}"#, column: 7, "unpaired UTF-16 surrogate"),
    BadLine("raw tab in a string", "{\"a\":\"x\ty\"}", column: 8, "control character U+0009 must be escaped"),
    BadLine(
      "raw NUL in a string", "{\"a\":\"\u{0}\"}", column: 7, "control character U+0000 must be escaped"),
    BadLine("duplicate key", #"{"a":1,"a":2}"#, column: 8, #"duplicate key "a""#),
    BadLine("nested duplicate key", #"{"a":{"b":1,"b":2}}"#, column: 13, #"duplicate key "b""#),
    BadLine("garbage after the object", #"{"a":1}x"#, column: 8, "unexpected text after the JSON object"),
    BadLine("two objects", #"{"a":1} {}"#, column: 9, "unexpected text after the JSON object"),
    BadLine("trailing comma in object", #"{"a":1,}"#, column: 8, "expected a key in double quotes"),
    BadLine("trailing comma in array", #"{"a":[1,]}"#, column: 9, "expected a value"),
    BadLine("missing comma in array", #"{"a":[1 2]}"#, column: 9, "expected ',' or ']'"),
    BadLine("missing comma in object", #"{"a":1 "b":2}"#, column: 8, "expected ',' or '}'"),
    BadLine("unquoted key", #"{a:1}"#, column: 2, "expected a key in double quotes"),
    BadLine("missing colon", #"{"a" 1}"#, column: 6, "expected ':' after the key"),
    BadLine("array at top level", #"[1]"#, column: 1, "expected a JSON object starting with '{'"),
    BadLine("string at top level", #""x""#, column: 1, "expected a JSON object starting with '{'"),
    BadLine("empty line", "", column: 1, "expected a JSON object, found the end of the line"),
  ]

  @Test(arguments: badLines)
  func refusesMalformedJSONAtTheRightColumn(_ bad: BadLine) throws {
    let error = try #require(Self.parse(bad.bytes).error, "\(bad.what) was accepted")
    #expect(error.column == bad.column, "\(bad.what): \(error.message)")
    #expect(error.message.contains(bad.message), "\(bad.what): column \(error.column)")
  }

  static func inString(_ bytes: [UInt8]) -> [UInt8] { Array(#"{"a":""#.utf8) + bytes + Array(#""}"#.utf8) }

  static let invalidUTF8: [BadLine] = [
    BadLine("0xFF in a string", inString([0x78, 0xFF]), column: 8, "invalid UTF-8 byte 0xFF"),
    BadLine("stray continuation byte", inString([0x80]), column: 7, "invalid UTF-8 byte 0x80"),
    BadLine("overlong two-byte '/'", inString([0xC0, 0xAF]), column: 7, "invalid UTF-8 byte 0xC0"),
    BadLine("overlong three-byte NUL", inString([0xE0, 0x80, 0x80]), column: 7, "invalid UTF-8 sequence"),
    BadLine("encoded surrogate", inString([0xED, 0xA0, 0x80]), column: 7, "invalid UTF-8 sequence"),
    BadLine("above U+10FFFF", inString([0xF4, 0x90, 0x80, 0x80]), column: 7, "invalid UTF-8 sequence"),
    BadLine("lead byte 0xF5", inString([0xF5, 0x80, 0x80, 0x80]), column: 7, "invalid UTF-8 byte 0xF5"),
    BadLine("cut sequence", inString([0x61, 0xE2, 0x82]), column: 8, "invalid UTF-8 sequence"),
    BadLine(
      "0xFF before a key", [0x7B, 0xFF] + Array(#""a":1}"#.utf8), column: 2,
      "expected a key in double quotes, found byte 0xFF"),
    BadLine(
      "é after the object", Array(#"{"a":1}"#.utf8) + [0xC3, 0xA9], column: 8,
      "unexpected text after the JSON object, found byte 0xC3"),
    BadLine(
      "no-break space between members", Array(#"{"a":1,"#.utf8) + [0xC2, 0xA0] + Array(#""b":2}"#.utf8),
      column: 8, "found byte 0xC2 (non-ASCII is only allowed inside strings)"),
    BadLine(
      "non-ASCII as a value", Array(#"{"a":"#.utf8) + [0xE2, 0x80, 0x9C, 0x78, 0x7D], column: 6,
      "expected a value (object, array, string, number, true, false or null), found byte 0xE2"),
  ]

  @Test(arguments: invalidUTF8)
  func refusesInvalidUTF8AtTheOffendingByte(_ bad: BadLine) throws {
    let error = try #require(Self.parse(bad.bytes).error, "\(bad.what) was accepted")
    #expect(error.column == bad.column, "\(bad.what): \(error.message)")
    #expect(error.message.contains(bad.message), "\(bad.what): column \(error.column)")
  }
}

extension Result {
  fileprivate var error: Failure? { if case .failure(let error) = self { error } else { nil } }
}
