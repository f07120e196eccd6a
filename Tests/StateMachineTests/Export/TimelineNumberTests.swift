import Testing

@testable import PresentationStateMachine

/// The SVG timeline spells each coordinate from its count of tenths; that spelling must be the general
/// one (`ReadableNumber`, rounding then the shortest round-trip spelling) for every value.
@Suite struct TimelineNumberTests {
  static func general(_ value: Double) -> String {
    ReadableNumber.text(ReadableNumber.rounded(value, scale: 10))
  }

  @Test func tenthsAreSpeltAsTheGeneralPathSpellsThem() {
    var values: [Double] = [
      0, -0.0, 0.04, -0.04, 0.05, -0.05, 0.15, 1, -1, 12.34, -12.35, 163.45, 999.95, 1e13 - 0.05, 1e13,
      9.99999999999e12, 1e14, -1e14, 1e15, 1e300, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
      .nan, .infinity, -.infinity,
    ]
    var random = CodecRandom(seed: 0x7E47_45)
    for index in 0..<20_000 {
      let magnitude = [1.0, 10, 1000, 1e6, 1e9, 1e12, 1e13][index % 7]
      let unit = Double(random.below(2_000_001)) / 1_000_000 - 1
      values.append(unit * magnitude)
      values.append(Double(random.below(2_000_001) - 1_000_000) / 100)
      values.append(Double(bitPattern: random.next()))
    }
    for value in values {
      #expect(SVGTimelineExporter.tenths(value) == Self.general(value), "\(value)")
    }
  }
}
