/// The optional first line of a trace: the format marker, its version, and free metadata.
///
/// ```swift
/// // {"format":"presentation-trace","version":1,"app":"Cards","expect":["complete-twice"]}
/// header.expect // ["complete-twice"]
/// ```
///
/// `ignore` lists rules this file does not report (a known issue tracked elsewhere): every audit of the
/// file drops their findings, as `--disable` would for that file alone.
public struct TraceHeader: Sendable, Equatable {
  /// The value of `format` every header carries.
  public static let formatName = "presentation-trace"
  /// The only version this reader understands.
  public static let supportedVersion = 1

  /// The format version the file was written in: a reader refuses one it does not know rather than misread
  /// it.
  public var version: Int
  /// The rule ids an audit of this file must report, when the file says so.
  public var expect: [String]?
  /// Rules an audit of this file does not report (header key `ignore`), when the file says so.
  public var ignore: [Rule]?
  /// Every key other than `format`, `version`, `expect` and `ignore`, in input order.
  public var metadata: [(key: String, value: JSONValue)]

  /// A header to write first in a trace: the format marker and version, and what the file says of itself.
  public init(
    version: Int = TraceHeader.supportedVersion, expect: [String]? = nil, ignore: [Rule]? = nil,
    metadata: [(key: String, value: JSONValue)] = []
  ) {
    self.version = version
    self.expect = expect
    self.ignore = ignore
    self.metadata = metadata
  }

  public static func == (lhs: TraceHeader, rhs: TraceHeader) -> Bool {
    lhs.version == rhs.version && lhs.expect == rhs.expect && lhs.ignore == rhs.ignore
      && lhs.metadata.elementsEqual(rhs.metadata) { $0.key == $1.key && $0.value == $1.value }
  }
}
