import Testing

@testable import PresentationStateMachine

/// The one spelling of numbers and strings that every writer shares.
@Suite struct JSONTextTests {
  @Test(arguments: [
    (0, "0"), (-0.0, "0"), (1, "1"), (390, "390"), (-12, "-12"), (0.1, "0.1"), (0.35, "0.35"),
    (-0.5, "-0.5"), (1e-7, "1e-07"), (1843.2071, "1843.2071"), (0.1 + 0.2, "0.30000000000000004"),
    (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"),
    (-9_007_199_254_740_991, "-9007199254740991"), (9_007_199_254_740_992, "9007199254740992.0"),
    (1e16, "1e+16"),
    (1e21, "1e+21"), (123_456_789.5, "123456789.5"), (.leastNonzeroMagnitude, "5e-324"),
    (.greatestFiniteMagnitude, "1.7976931348623157e+308"),
  ])
  func numberHasOneCanonicalSpelling(value: Double, expected: String) {
    #expect(JSONText.number(value) == expected)
  }

  @Test(arguments: [Double.nan, .infinity, -.infinity])
  func nonFiniteNumberIsWrittenAsNull(value: Double) {
    #expect(JSONText.number(value) == "null")
  }

  /// Every spelling is a JSON number the strict parser reads back as the same double (−0 as 0).
  @Test func numberRoundTripsThroughTheParserForRandomDoubles() throws {
    let seed: UInt64 = 0xD0_0B1E
    var random = CodecRandom(seed: seed)
    for index in 0..<500 {
      let value =
        index.isMultiple(of: 2)
        ? Double(bitPattern: random.next()) : Double(random.below(10_000_000)) / 10_000
      guard value.isFinite else { continue }
      let text = JSONText.number(value)
      let bytes = Array(#"{"n":\#(text)}"#.utf8)
      let parsed = bytes.withUnsafeBufferPointer { buffer in
        try? JSONLineParser.parseObject(buffer)["n"]?.value.numberValue
      }
      #expect(parsed == value, "seed \(seed), index \(index): \(value) written as \(text)")
      if let parsed { #expect(JSONText.number(parsed) == text, "seed \(seed), index \(index)") }
    }
  }

  @Test(arguments: [
    ("plain", #""plain""#), ("q\"b\\s/", #""q\"b\\s/""#), ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
    ("\u{0}\u{1}\u{1F}\u{7F}", #""\u0000\u0001\u001f\u007f""#), ("카드 😀 é", #""카드 😀 é""#),
    ("\u{2028}\u{FEFF}", "\"\u{2028}\u{FEFF}\""),
  ])
  func stringEscapesQuotesBackslashesAndControlCharacters(value: String, expected: String) {
    var out = ""
    JSONText.appendString(value, to: &out)
    #expect(out == expected)
  }

  @Test func valueWritesObjectsWithSortedKeysAndNoDuplicates() {
    var out = ""
    let value: JSONValue = .object([
      ("b", .number(1)), ("a", .array([.null, .bool(true), .bool(false)])), ("b", .number(3)),
      ("c", .object([("y", .string("x")), ("x", .object([]))])),
    ])
    JSONText.appendValue(value, to: &out)
    #expect(out == #"{"a":[null,true,false],"b":1,"c":{"x":{},"y":"x"}}"#)
  }
}
