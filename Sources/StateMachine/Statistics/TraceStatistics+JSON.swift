extension TraceStatistics {
  /// The statistics as one line of JSON: the summary a person reads (percentiles) and the histograms that
  /// `replay stats --merge` adds up.
  public func json() -> String {
    // Written as bytes, piece by piece: every histogram writes each of its buckets.
    var out = TextBuffer(capacity: 1024)
    out += "{\"format\":\"presentation-stats\",\"version\":\(Self.formatVersion),\"files\":"
    out.append(files)
    out += ",\"events\":"
    out.append(events)
    out += ",\"inputErrors\":"
    out.append(inputErrors)
    out += ",\"transitions\":"
    Self.append(transitions, to: &out)
    out += ",\"durations\":{"
    for (index, kind) in durations.keys.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
      guard let durations = durations[kind] else { continue }
      if index > 0 { out += "," }
      JSONText.appendString(kind.rawValue, to: &out)
      out += ":{\"measured\":"
      Self.append(durations.measured, to: &out)
      out += ",\"declared\":"
      Self.append(durations.declared, to: &out)
      out += ",\"ratio\":"
      Self.append(durations.ratio, to: &out)
      out += "}"
    }
    out += "},\"interactive\":{\"finished\":"
    out.append(finished)
    out += ",\"cancelled\":"
    out.append(cancelled)
    out += ",\"finishProgress\":"
    Self.append(finishProgress, to: &out)
    out += ",\"cancelProgress\":"
    Self.append(cancelProgress, to: &out)
    out += "},\"sources\":"
    Self.append(sources, to: &out)
    out += ",\"styles\":"
    Self.append(styles, to: &out)
    out += ",\"interruptions\":{\"interruptible\":"
    out.append(interruptible)
    out += ",\"interrupted\":"
    out.append(interrupted)
    out += ",\"catches\":"
    out.append(interruptions)
    out += "},\"layoutPasses\":"
    Self.append(layoutPasses, to: &out)
    out += ",\"findings\":"
    Self.append(findings, to: &out)
    out += "}"
    return out.text
  }

  /// Counts as a JSON object with sorted keys, as `JSONText.appendValue` writes one.
  private static func append(_ counts: [String: Int], to out: inout TextBuffer) {
    out += "{"
    for (index, member) in counts.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { out += "," }
      JSONText.appendString(member.key, to: &out)
      out += ":"
      out += JSONText.number(Double(member.value))
    }
    out += "}"
  }

  private static func append(_ histogram: Histogram, to out: inout TextBuffer) {
    out += "{\"count\":"
    out.append(histogram.count)
    let percentiles = histogram.percentiles([0.5, 0.9, 0.99])
    for (name, percentile) in zip([",\"p50\":", ",\"p90\":", ",\"p99\":"], percentiles) {
      out += name
      out += percentile.map { JSONText.number(rounded($0)) } ?? "null"
    }
    out += ",\"max\":"
    out += histogram.maximum.map(JSONText.number) ?? "null"
    out += ",\"sum\":"
    out += JSONText.number(histogram.sum)
    out += ",\"buckets\":{"
    for (index, bucket) in histogram.buckets.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { out += "," }
      out += "\""
      out.append(bucket.key)
      out += "\":"
      out.append(bucket.value)
    }
    out += "}}"
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
    let integer = String(Int64(scaled))
    guard decimals > 0 else { return integer }
    // The digits are ASCII: placed as bytes (a statistics report spells every percentile this way).
    var text = Array(integer.utf8)
    if text.count <= decimals {
      text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals - text.count + 1), at: 0)
    }
    text.insert(UInt8(ascii: "."), at: text.count - decimals)
    while text.last == UInt8(ascii: "0") { text.removeLast() }
    if text.last == UInt8(ascii: ".") { text.removeLast() }
    return String(decoding: text, as: UTF8.self)
  }

  /// The version `json()` writes, and the only one `init(json:)` reads.
  ///
  /// ```swift
  /// TraceStatistics().json().hasPrefix("{\"format\":\"presentation-stats\",\"version\":1,")  // true
  /// ```
  public static let formatVersion = 1

  /// Reads statistics written by `json()`, for merging; throws a message naming what is wrong (a
  /// version other than ``formatVersion`` included).
  package init(json text: String) throws(StatisticsFormatError) {
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
    // Another version may give the same keys another meaning: adding it up as this one would be wrong.
    guard let version = object["version"]?.value, version.numberValue == Double(Self.formatVersion) else {
      let found = object["version"].map { member -> String in
        var spelt = ""
        JSONText.appendValue(member.value, to: &spelt)
        return "version \(spelt)"
      }
      throw StatisticsFormatError(
        message: "\(found ?? "no \"version\""): this replay merges statistics of version "
          + "\(Self.formatVersion) only; merge them with the replay that wrote them")
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
    styles = Self.counts(object["styles"]?.value)
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
package struct StatisticsFormatError: Error, Sendable {
  package var message: String
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
