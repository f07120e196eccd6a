import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `export --format svg` is well-formed XML whatever the trace's ids and messages hold: no character XML
/// 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) reaches the document, not even as a reference.
@Suite struct SVGWellFormednessTests {
  let cli = ReplayCLITests()

  /// Whether XML 1.0 allows `scalar` in a document (its `Char` production; surrogates cannot occur in a
  /// Swift string).
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Ids as JSON spells them: every C0 control, DEL, C1, U+FFFE, U+FFFF, XML's own marks (one with a
  /// combining mark after it, which Swift counts as another character), and a bidirectional override.
  static let ids: [String] = [
    (0..<0x20).map { String(format: "\\u%04x", $0) }.joined(),
    #"card\u001b[2J\u007f\u0085\u009b"#,
    #"non\ufffe\uffffcharacters"#,
    #"<\u0301a href=\"x\">&amp;</a>"#,
    #"evil\u202etxt.exe"#,
  ]

  @Test(arguments: ids) func svgOfAnyIdIsWellFormed(id: String) throws {
    let trace =
      ReplayCLITests.cleanTrace.map { $0.replacingOccurrences(of: #""id":"p1""#, with: #""id":"\#(id)""#) }
      + [#"{"t":1.4,"id":"\#(id)","event":"completeTransition","didComplete":true}"#]
    let path = try cli.temporaryTrace(trace)
    let result = cli.run(["export", "--format", "svg", path])
    #expect(result.status == .clean, "\(result.stderr)")
    let svg = result.stdout
    let forbidden = svg.unicodeScalars.filter { !Self.isXMLCharacter($0) }
    #expect(forbidden.isEmpty, "forbidden scalars: \(forbidden.map { String($0.value, radix: 16) })")
    // Nor as a character reference (`&#1;` is as invalid as the byte).
    #expect(!svg.contains("&#"))
    // The id's label and its finding's tooltip are there, spelt as the text outputs spell it.
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data("\"\(id)\"".utf8), options: .fragmentsAllowed) as? String)
    #expect(svg.contains(SVGTimelineExporter.escape(decoded)))
    #expect(cli.run(["show", path]).stdout.contains(TerminalText.escaped(decoded)))
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
  }

  @Test func escapingIsByScalarsAndLeavesPlainTextAlone() {
    #expect(SVGTimelineExporter.escape("card-1 → fiche") == "card-1 → fiche")
    #expect(SVGTimelineExporter.escape("a<b & \"c\">") == "a&lt;b &amp; &quot;c&quot;&gt;")
    #expect(SVGTimelineExporter.escape("<\u{301}") == "&lt;\u{301}")
    #expect(SVGTimelineExporter.escape("x\u{1}\u{FFFE}\u{FFFF}") == #"x\u{1}\u{FFFE}\u{FFFF}"#)
    #expect(SVGTimelineExporter.escape("tab\there") == #"tab\u{9}here"#)
  }
}
