/// An `Encoder` that folds a value's whole `Encodable` state into a 128-bit digest instead of bytes: the
/// explorer's memo key, some ten times cheaper than JSON and as faithful.
///
/// ```swift
/// let digest = StateDigestEncoder.digest(of: auditor)  // equal states, equal digests
/// ```
///
/// Keyed containers are folded order-independently (a sum of per-key digests), because a dictionary
/// encodes its entries in an order that differs between equal dictionaries; unkeyed containers keep their
/// order. Every value is tagged with its kind, so `[1]` and `1`, or a missing key and `nil`, differ.
final class StateDigestEncoder: Encoder {
  /// 128 bits in two lanes mixed differently (SplitMix64's finaliser with two constants).
  struct Digest: Hashable, Sendable {
    var first: UInt64
    var second: UInt64

    init(first: UInt64, second: UInt64) {
      self.first = first
      self.second = second
    }

    /// The digest of one 64-bit word with a tag.
    init(tag: UInt64, _ word: UInt64) {
      first = Self.mix(tag &* 0x9E37_79B9_7F4A_7C15 ^ word)
      second = Self.mix((word &+ 0xD1B5_4A32_D192_ED03) ^ (tag &* 0xBF58_476D_1CE4_E5B9))
    }

    /// The digest of a string's UTF-8 bytes with a tag.
    init(tag: UInt64, _ string: String) {
      var digest = Digest(tag: tag, UInt64(string.utf8.count))
      // Eight bytes to a word: keys and ids are short, and this runs for every key of every state.
      var word: UInt64 = 0
      var filled: UInt64 = 0
      for byte in string.utf8 {
        word |= UInt64(byte) << (filled * 8)
        filled += 1
        if filled == 8 {
          digest.append(word)
          word = 0
          filled = 0
        }
      }
      if filled > 0 { digest.append(word) }
      self = digest
    }

    /// Folds `word` in, in order.
    mutating func append(_ word: UInt64) {
      first = Self.mix(first ^ word &+ 0x9E37_79B9_7F4A_7C15)
      second = Self.mix(second &+ word ^ 0x94D0_49BB_1331_11EB)
    }

    mutating func append(_ other: Digest) {
      append(other.first)
      append(other.second)
    }

    static func mix(_ value: UInt64) -> UInt64 {
      var z = value
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// What the value encoded into, filled in while it encodes.
  fileprivate enum Tag: UInt64 {
    case none = 1
    case null, bool, int, uint, double, string, keyed, unkeyed
  }

  var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] = [:]
  private var tag = Tag.none
  private var ordered = Digest(first: 0x5EED, second: 0xFEED)
  private var unordered = Digest(first: 0, second: 0)
  private var count: UInt64 = 0

  /// The digest of `value`'s encoding; a value whose encoding throws gets the digest of what it encoded
  /// before throwing and of the error's description (still deterministic).
  static func digest(of value: some Encodable) -> Digest {
    let encoder = StateDigestEncoder()
    do {
      try value.encode(to: encoder)
    } catch {
      encoder.ordered.append(Digest(tag: 99, String(describing: error)))
    }
    return encoder.result
  }

  private var result: Digest {
    var ordered = ordered
    var unordered = unordered
    for (key, nested) in nestedEncoders {
      var entry = Digest(tag: 21, key)
      entry.append(nested.result)
      if tag == .keyed {
        unordered.first &+= entry.first
        unordered.second &+= entry.second
      } else {
        ordered.append(entry)
      }
    }
    var digest = Digest(tag: tag.rawValue, count)
    digest.append(tag == .keyed ? unordered : ordered)
    return digest
  }

  fileprivate func add(_ value: Digest) {
    count += 1
    ordered.append(value)
  }

  fileprivate func add(key: String, _ value: Digest) {
    count += 1
    var entry = Digest(tag: 20, key)
    entry.append(value)
    unordered.first &+= entry.first
    unordered.second &+= entry.second
  }

  fileprivate func become(_ tag: Tag) {
    if self.tag == .none { self.tag = tag }
  }

  fileprivate static let null = Digest(tag: Tag.null.rawValue, 0)

  /// Encoders handed out for nested containers (which their caller fills in later), folded in when the
  /// digest is read.
  fileprivate var nestedEncoders: [(key: String, encoder: StateDigestEncoder)] = []

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    become(.keyed)
    return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    become(.unkeyed)
    return UnkeyedContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

  private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StateDigestEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil(forKey key: Key) { encoder.add(key: key.stringValue, StateDigestEncoder.null) }
    func encode(_ value: Bool, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: String, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: Double, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: Float, forKey key: Key) {
      encoder.add(key: key.stringValue, .primitive(Double(value)))
    }
    func encode(_ value: Int, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: Int8, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: Int16, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: Int32, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: Int64, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: UInt, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: UInt8, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: UInt16, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: UInt32, forKey key: Key) { encoder.add(key: key.stringValue, .primitive(value)) }
    func encode(_ value: UInt64, forKey key: Key) {
      // A transition's number says in which order transitions began, which independent events may swap:
      // two states that differ only there are one state.
      guard key.stringValue != "serial" else { return }
      encoder.add(key: key.stringValue, .primitive(value))
    }
    func encode(_ value: some Encodable, forKey key: Key) {
      encoder.add(key: key.stringValue, StateDigestEncoder.digest(of: value))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      let nested = StateDigestEncoder()
      encoder.nestedEncoders.append((key.stringValue, nested))
      return nested.container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      let nested = StateDigestEncoder()
      encoder.nestedEncoders.append((key.stringValue, nested))
      return nested.unkeyedContainer()
    }

    func superEncoder() -> any Encoder { superEncoder(forKey: "super") }
    func superEncoder(forKey key: Key) -> any Encoder { superEncoder(forKey: key.stringValue) }

    private func superEncoder(forKey key: String) -> any Encoder {
      let nested = StateDigestEncoder()
      encoder.nestedEncoders.append((key, nested))
      return nested
    }
  }

  private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StateDigestEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { Int(encoder.count) }

    func encodeNil() { encoder.add(StateDigestEncoder.null) }
    func encode(_ value: Bool) { encoder.add(.primitive(value)) }
    func encode(_ value: String) { encoder.add(.primitive(value)) }
    func encode(_ value: Double) { encoder.add(.primitive(value)) }
    func encode(_ value: Float) { encoder.add(.primitive(Double(value))) }
    func encode(_ value: Int) { encoder.add(.primitive(value)) }
    func encode(_ value: Int8) { encoder.add(.primitive(value)) }
    func encode(_ value: Int16) { encoder.add(.primitive(value)) }
    func encode(_ value: Int32) { encoder.add(.primitive(value)) }
    func encode(_ value: Int64) { encoder.add(.primitive(value)) }
    func encode(_ value: UInt) { encoder.add(.primitive(value)) }
    func encode(_ value: UInt8) { encoder.add(.primitive(value)) }
    func encode(_ value: UInt16) { encoder.add(.primitive(value)) }
    func encode(_ value: UInt32) { encoder.add(.primitive(value)) }
    func encode(_ value: UInt64) { encoder.add(.primitive(value)) }
    func encode(_ value: some Encodable) { encoder.add(StateDigestEncoder.digest(of: value)) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      let nested = StateDigestEncoder()
      encoder.nestedEncoders.append(("\(encoder.count)", nested))
      encoder.count += 1
      return nested.container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      let nested = StateDigestEncoder()
      encoder.nestedEncoders.append(("\(encoder.count)", nested))
      encoder.count += 1
      return nested.unkeyedContainer()
    }

    func superEncoder() -> any Encoder {
      let nested = StateDigestEncoder()
      encoder.nestedEncoders.append(("\(encoder.count)", nested))
      encoder.count += 1
      return nested
    }
  }

  private struct SingleContainer: SingleValueEncodingContainer {
    let encoder: StateDigestEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ tag: Tag, _ value: Digest) {
      encoder.become(tag)
      encoder.add(value)
    }

    func encodeNil() { set(.null, StateDigestEncoder.null) }
    func encode(_ value: Bool) { set(.bool, .primitive(value)) }
    func encode(_ value: String) { set(.string, .primitive(value)) }
    func encode(_ value: Double) { set(.double, .primitive(value)) }
    func encode(_ value: Float) { set(.double, .primitive(Double(value))) }
    func encode(_ value: Int) { set(.int, .primitive(value)) }
    func encode(_ value: Int8) { set(.int, .primitive(value)) }
    func encode(_ value: Int16) { set(.int, .primitive(value)) }
    func encode(_ value: Int32) { set(.int, .primitive(value)) }
    func encode(_ value: Int64) { set(.int, .primitive(value)) }
    func encode(_ value: UInt) { set(.uint, .primitive(value)) }
    func encode(_ value: UInt8) { set(.uint, .primitive(value)) }
    func encode(_ value: UInt16) { set(.uint, .primitive(value)) }
    func encode(_ value: UInt32) { set(.uint, .primitive(value)) }
    func encode(_ value: UInt64) { set(.uint, .primitive(value)) }
    func encode(_ value: some Encodable) { set(.unkeyed, StateDigestEncoder.digest(of: value)) }
  }
}

extension StateDigestEncoder.Digest {
  fileprivate static func primitive(_ value: Bool) -> Self { Self(tag: 3, value ? 1 : 0) }
  fileprivate static func primitive(_ value: String) -> Self { Self(tag: 7, value) }
  fileprivate static func primitive(_ value: Double) -> Self { Self(tag: 6, value.bitPattern) }
  fileprivate static func primitive(_ value: some FixedWidthInteger) -> Self {
    value.signum() < 0
      ? Self(tag: 4, UInt64(bitPattern: Int64(truncatingIfNeeded: value)))
      : Self(tag: 5, UInt64(truncatingIfNeeded: value))
  }
}
