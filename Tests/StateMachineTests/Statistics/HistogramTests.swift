import Testing

@testable import PresentationStateMachine

/// Absurd values (a broken clock, a statistics file from elsewhere) clamp and saturate instead of trapping.
@Suite struct HistogramTests {
  @Test func hugeValuesAreCountedAtTheCeiling() {
    var histogram = Histogram()
    histogram.add(1e300)
    histogram.add(.greatestFiniteMagnitude)
    histogram.add(.infinity)
    histogram.add(.nan)
    histogram.add(-5)
    #expect(histogram.count == 3)
    #expect(histogram.maximum == Histogram.ceiling)
    #expect(histogram.sum == 2 * Histogram.ceiling)
    #expect(histogram.buckets[Histogram.topBucket] == 2)
    #expect(histogram.buckets[0] == 1)
    let p99 = histogram.percentile(0.99) ?? 0
    #expect(p99 > Histogram.ceiling * 0.98 && p99 <= Histogram.ceiling)
    #expect(histogram.percentile(1) == p99)
    #expect(histogram.percentile(.nan) == p99)
  }

  @Test func countsFromElsewhereSaturate() {
    let wild = Histogram(
      buckets: [-3: 5, 10_000_000: Int.max, 7: -1, 12: Int.max], maximum: .infinity, sum: -.infinity)
    #expect(wild.count == Int.max)
    #expect(wild.buckets[0] == 5)
    #expect(wild.buckets[Histogram.topBucket] == Int.max)
    #expect(wild.buckets[7] == nil)
    #expect(wild.maximum == Histogram.ceiling)
    #expect(wild.sum == 0)
    var merged = wild
    merged.merge(wild)
    #expect(merged.count == Int.max)
    #expect(merged.percentile(1) != nil)
  }

  @Test func statisticsJSONWithAbsurdNumbersReads() throws {
    let json = """
      {"format":"presentation-stats","version":1,"files":1e300,"events":-4,"inputErrors":9.3e18,\
      "transitions":{"presentation completed":1e300},"durations":{"presentation":{"measured":\
      {"buckets":{"99999999999":1e300,"-1":2},"max":1e300,"sum":1e300}}},\
      "interactive":{"finished":1e300,"cancelled":1e300},"findings":{"complete-twice":1e300}}
      """
    var statistics = try TraceStatistics(json: json)
    #expect(statistics.files == Int.max)
    #expect(statistics.events == 0)
    statistics.merge(statistics)
    #expect(statistics.inputErrors == Int.max)
    #expect(statistics.text().contains("findings by rule"))
    #expect(try TraceStatistics(json: statistics.json()).files == Int.max)
  }

  @Test func tinyAndHugeValuesAreSpelledWithoutTrapping() {
    for value in [1e-320, 5e-324, 1e-16, 1e-15, 0.000803, 992_612_049, 1e15, 1e300, .greatestFiniteMagnitude]
    {
      let spelled = TraceStatistics.significant(value)
      #expect(!spelled.isEmpty, "\(value)")
      #expect(TraceStatistics.cell(value).count <= 8, "\(value): \(TraceStatistics.cell(value))")
    }
    #expect(TraceStatistics.significant(0.000803) == "0.000803")
    #expect(TraceStatistics.cell(992_612_049) == "9.93e8")
  }
}
