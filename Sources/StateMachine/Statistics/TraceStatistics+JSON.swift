extension TraceStatistics {
  /// The statistics as one line of JSON: the summary a person reads (percentiles) and the histograms that
  /// `replay stats --merge` adds up.
  public func json() -> String {
    var out = "{\"format\":\"presentation-stats\",\"version\":1"
    out += ",\"files\":\(files),\"events\":\(events),\"inputErrors\":\(inputErrors),\"transitions\":"
    JSONText.appendValue(.object(transitions.map { ($0.key, .number(Double($0.value))) }), to: &out)
    out += ",\"durations\":{"
    for (index, kind) in durations.keys.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
      guard let durations = durations[kind] else { continue }
      if index > 0 { out += "," }
      JSONText.appendString(kind.rawValue, to: &out)
      out +=
        ":{\"measured\":" + Self.json(durations.measured) + ",\"declared\":" + Self.json(durations.declared)
      out += ",\"ratio\":" + Self.json(durations.ratio) + "}"
    }
    out += "},\"interactive\":{\"finished\":\(finished),\"cancelled\":\(cancelled)"
    out +=
      ",\"finishProgress\":" + Self.json(finishProgress) + ",\"cancelProgress\":" + Self.json(cancelProgress)
    out += "},\"sources\":"
    JSONText.appendValue(.object(sources.map { ($0.key, .number(Double($0.value))) }), to: &out)
    out += ",\"interruptions\":{\"interruptible\":\(interruptible),\"interrupted\":\(interrupted)"
    out += ",\"catches\":\(interruptions)}"
    out += ",\"layoutPasses\":" + Self.json(layoutPasses) + ",\"findings\":"
    JSONText.appendValue(.object(findings.map { ($0.key, .number(Double($0.value))) }), to: &out)
    return out + "}"
  }

  private static func json(_ histogram: Histogram) -> String {
    var out = "{\"count\":\(histogram.count)"
    for (name, q) in [("p50", 0.5), ("p90", 0.9), ("p99", 0.99)] {
      out += ",\"\(name)\":" + (histogram.percentile(q).map { JSONText.number(rounded($0)) } ?? "null")
    }
    out += ",\"max\":" + (histogram.maximum.map(JSONText.number) ?? "null")
    out += ",\"sum\":" + JSONText.number(histogram.sum) + ",\"buckets\":{"
    for (index, bucket) in histogram.buckets.keys.sorted().enumerated() {
      if index > 0 { out += "," }
      out += "\"\(bucket)\":\(histogram.buckets[bucket] ?? 0)"
    }
    return out + "}}"
  }

  /// Three significant digits, for reading (parsed back from its own spelling, so no binary noise).
  static func rounded(_ value: Double) -> Double { Double(significant(value)) ?? value }

  /// `value` spelled with three significant digits: 0.822, 12.4, 1240.
  static func significant(_ value: Double) -> String {
    // Outside 1e-15..<1e15 the plain spelling is the honest one: from 1e15 on every digit is before the
    // point (and `Int64(_:)` of 1e300 would trap); below 1e-15 the scale 10^(2 − log10) would overflow
    // to infinity (a progress of 1e-320 from a broken recorder).
    guard value.isFinite, value >= 1e-15, value < 1e15 else { return JSONText.number(value) }
    let decimals = max(0, 2 - Int(log10(value).rounded(.down)))
    let scaled = (value * pow(10, Double(decimals))).rounded()
    var digits = String(Int64(scaled))
    guard decimals > 0 else { return digits }
    if digits.count <= decimals {
      digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
    }
    let split = digits.index(digits.endIndex, offsetBy: -decimals)
    var text = digits[..<split] + "." + digits[split...]
    while text.last == "0" { text.removeLast() }
    if text.last == "." { text.removeLast() }
    return String(text)
  }

  /// Reads statistics written by `json()`, for merging; throws a message naming what is wrong.
  public init(json text: String) throws(StatisticsFormatError) {
    let object: JSONLineParser.Object
    do {
      object = try Array(text.utf8).withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
        try JSONLineParser.parseObject(bytes)
      }
    } catch {
      throw StatisticsFormatError(message: "column \(error.column): \(error.message)")
    }
    guard object["format"]?.value.stringValue == "presentation-stats" else {
      throw StatisticsFormatError(message: "not the output of 'replay stats --format json' (no \"format\")")
    }
    self.init()
    func int(_ value: JSONValue?) -> Int { Int(count: value?.numberValue) }
    files = int(object["files"]?.value)
    events = int(object["events"]?.value)
    inputErrors = int(object["inputErrors"]?.value)
    transitions = Self.counts(object["transitions"]?.value)
    findings = Self.counts(object["findings"]?.value)
    if case .object(let kinds)? = object["durations"]?.value {
      for (name, value) in kinds {
        guard let kind = ReconstructedTransition.Kind(rawValue: name) else {
          throw StatisticsFormatError(message: "unknown transition kind \"\(name)\"")
        }
        durations[kind] = Durations(
          measured: try Self.histogram(value["measured"]), declared: try Self.histogram(value["declared"]),
          ratio: try Self.histogram(value["ratio"]))
      }
    }
    let interactive = object["interactive"]?.value
    finished = int(interactive?["finished"])
    cancelled = int(interactive?["cancelled"])
    finishProgress = try Self.histogram(interactive?["finishProgress"])
    cancelProgress = try Self.histogram(interactive?["cancelProgress"])
    layoutPasses = try Self.histogram(object["layoutPasses"]?.value)
    // Absent from statistics written before they were counted: zero, so old files still merge.
    sources = Self.counts(object["sources"]?.value)
    let caught = object["interruptions"]?.value
    interruptible = int(caught?["interruptible"])
    interrupted = int(caught?["interrupted"])
    interruptions = int(caught?["catches"])
  }

  private static func counts(_ value: JSONValue?) -> [String: Int] {
    guard case .object(let members)? = value else { return [:] }
    var counts: [String: Int] = [:]
    for (key, count) in members { counts[key] = Int(count: count.numberValue) }
    return counts
  }

  private static func histogram(_ value: JSONValue?) throws(StatisticsFormatError) -> Histogram {
    guard let value else { return Histogram() }
    guard case .object(let members)? = value["buckets"] else {
      throw StatisticsFormatError(message: "a histogram has no \"buckets\"")
    }
    var buckets: [Int: Int] = [:]
    for (key, count) in members {
      guard let bucket = Int(key), let n = count.numberValue else {
        throw StatisticsFormatError(message: "bad histogram bucket \"\(key)\"")
      }
      buckets[bucket, default: 0].addSaturating(Int(count: n))
    }
    return Histogram(
      buckets: buckets, maximum: value["max"]?.numberValue, sum: value["sum"]?.numberValue ?? 0)
  }
}

/// Statistics JSON that `TraceStatistics(json:)` cannot read.
public struct StatisticsFormatError: Error, Sendable {
  public var message: String
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
