/// The typed payload of one event: every key trace format v1 defines, each optional.
///
/// ```swift
/// var payload = Payload()
/// payload.didComplete = true
/// ```
///
/// Which keys an event understands is `EventKind.payloadKeys`; the reader rejects wrong types
/// and missing required keys before a payload reaches the machine.
public struct Payload: Sendable {
  // The storage follows the key declarations (`Payload.Key`): one set of held keys, and each key's value in
  // the slot its row names among the keys of its type. So the reader writes a key it has matched by its
  // slot, and clears a line's worth of keys by writing one set, with no code that names a key.

  /// The keys that hold a value, by `PayloadKey.bit`. A slot whose key is not held may keep an old value,
  /// which nothing reads.
  var held: UInt16 = 0
  /// The boolean keys' values: bit `slot` of each.
  var flags: UInt8 = 0
  /// The number keys' values, by slot.
  var numbers = NumberSlots()
  /// The string keys' values, by slot: empty where the key is not held, so that a payload keeps no string
  /// it has let go.
  var strings = StringSlots()

  /// `present`: who presents, a root or a presented id; the stack the presentation joins.
  public var presenter: String? {
    get { string(.presenter) }
    set { setString(newValue, .presenter) }
  }
  /// `present`, `dismiss` and the appearance callbacks: whether UIKit animates, which decides whether an
  /// animator has to run.
  public var animated: Bool? {
    get { flag(.animated) }
    set { setFlag(newValue, .animated) }
  }
  /// `present`: the requested `modalPresentationStyle`; any style but `custom` is read from outside.
  public var style: String? {
    get { string(.style) }
    set { setString(newValue, .style) }
  }
  /// `*DidEnd` and `animationEnded`: whether the transition took effect.
  public var completed: Bool? {
    get { flag(.completed) }
    set { setFlag(newValue, .completed) }
  }
  /// `completeTransition`: the animator's outcome, which `*DidEnd` has to agree with.
  public var didComplete: Bool? {
    get { flag(.didComplete) }
    set { setFlag(newValue, .didComplete) }
  }
  /// `viewWillTransitionToSize` and container layout passes: the width, in points.
  public var width: Double? {
    get { number(.width) }
    set { setNumber(newValue, .width) }
  }
  /// `viewWillTransitionToSize` and container layout passes: the height, in points.
  public var height: Double? {
    get { number(.height) }
    set { setNumber(newValue, .height) }
  }
  /// `animateTransition`, `interruptibleAnimator` and `startInteractiveTransition`: the declared duration, in
  /// seconds, which the timing rules hold the animation to.
  public var duration: Double? {
    get { number(.duration) }
    set { setNumber(newValue, .duration) }
  }
  /// `updateInteractiveTransition`: the progress, 0...1, which says where the user let go.
  public var percent: Double? {
    get { number(.percent) }
    set { setNumber(newValue, .percent) }
  }
  /// `finishInteractiveTransition` and `cancelInteractiveTransition`: the speed UIKit runs the rest at
  /// (default 1), which sets when `completeTransition` is due.
  public var completionSpeed: Double? {
    get { number(.completionSpeed) }
    set { setNumber(newValue, .completionSpeed) }
  }
  /// Pan events: the finger's translation along the drag, in points.
  public var translation: Double? {
    get { number(.translation) }
    set { setNumber(newValue, .translation) }
  }
  /// Pan events: the finger's velocity along the drag, in points per second.
  public var velocity: Double? {
    get { number(.velocity) }
    set { setNumber(newValue, .velocity) }
  }
  /// `mark`: the app's label on the timeline.
  public var name: String? {
    get { string(.name) }
    set { setString(newValue, .name) }
  }
  /// `startInteractiveTransition`: the interaction controller's `wantsInteractiveStart` (default true).
  public var wantsInteractiveStart: Bool? {
    get { flag(.wantsInteractiveStart) }
    set { setFlag(newValue, .wantsInteractiveStart) }
  }
  /// `viewWillAppear` of a presented controller: the style UIKit resolved once it created the
  /// presentation controller (`pageSheet` where `present` asked for `automatic`). Changes no finding.
  public var resolvedStyle: String? {
    get { string(.resolvedStyle) }
    set { setString(newValue, .resolvedStyle) }
  }

  /// A payload built from the keys most events carry, for tests and generators.
  ///
  /// ```swift
  /// Payload(didComplete: true)
  /// ```
  public init(
    presenter: String? = nil, animated: Bool? = nil, style: String? = nil, completed: Bool? = nil,
    didComplete: Bool? = nil, width: Double? = nil, height: Double? = nil, duration: Double? = nil,
    percent: Double? = nil, completionSpeed: Double? = nil, translation: Double? = nil,
    velocity: Double? = nil, name: String? = nil, wantsInteractiveStart: Bool? = nil,
    resolvedStyle: String? = nil
  ) {
    self.presenter = presenter
    self.animated = animated
    self.style = style
    self.completed = completed
    self.didComplete = didComplete
    self.width = width
    self.height = height
    self.duration = duration
    self.percent = percent
    self.completionSpeed = completionSpeed
    self.translation = translation
    self.velocity = velocity
    self.name = name
    self.wantsInteractiveStart = wantsInteractiveStart
    self.resolvedStyle = resolvedStyle
  }

  /// The value stored under `key`, as JSON.
  public subscript(key: Key) -> JSONValue? {
    get {
      switch key.valueType {
      case .number: number(key).map(JSONValue.number)
      case .bool: flag(key).map(JSONValue.bool)
      case .string: string(key).map(JSONValue.string)
      }
    }
    set {
      switch key.valueType {
      case .number: setNumber(newValue?.numberValue, key)
      case .bool: setFlag(newValue?.boolValue, key)
      case .string: setString(newValue?.stringValue, key)
      }
    }
  }
}

extension Payload {
  /// Whether `key` holds a value.
  @inline(__always)
  func holds(_ key: PayloadKey) -> Bool { held & key.bit != 0 }

  /// The value of a number key.
  @inline(__always)
  func number(_ key: PayloadKey) -> Double? {
    assert(key.valueType == .number, "\(key) is no number key")
    return holds(key) ? numbers[key.slot] : nil
  }

  /// The value of a boolean key.
  @inline(__always)
  func flag(_ key: PayloadKey) -> Bool? {
    assert(key.valueType == .bool, "\(key) is no boolean key")
    return holds(key) ? flags & 1 << key.slot != 0 : nil
  }

  /// The value of a string key.
  @inline(__always)
  func string(_ key: PayloadKey) -> String? {
    assert(key.valueType == .string, "\(key) is no string key")
    return holds(key) ? strings[key.slot] : nil
  }

  @inline(__always)
  mutating func setNumber(_ value: Double?, _ key: PayloadKey) {
    assert(key.valueType == .number, "\(key) is no number key")
    guard let value else {
      held &= ~key.bit
      return
    }
    numbers[key.slot] = value
    held |= key.bit
  }

  @inline(__always)
  mutating func setFlag(_ value: Bool?, _ key: PayloadKey) {
    assert(key.valueType == .bool, "\(key) is no boolean key")
    guard let value else {
      held &= ~key.bit
      return
    }
    writeFlag(value, slot: key.slot)
    held |= key.bit
  }

  @inline(__always)
  mutating func setString(_ value: String?, _ key: PayloadKey) {
    assert(key.valueType == .string, "\(key) is no string key")
    strings[key.slot] = value ?? ""
    if value == nil { held &= ~key.bit } else { held |= key.bit }
  }

  /// Writes the boolean in `slot` without marking its key held (the reader marks a line's keys at once,
  /// with `hold(only:strings:)`).
  @inline(__always)
  mutating func writeFlag(_ value: Bool, slot: Int) {
    let bit: UInt8 = 1 << UInt8(truncatingIfNeeded: slot)
    flags = value ? flags | bit : flags & ~bit
  }

  /// Marks exactly `keys` held, whose values were just written, and lets the others go; `stringKeys` is
  /// the set of the string keys (`PayloadKey.stringKeys`, passed in so that the reader's hot path reads
  /// no global), whose strings are released.
  @inline(__always)
  mutating func hold(only keys: UInt16, strings stringKeys: UInt16) {
    let dropped = held & ~keys & stringKeys
    held = keys
    if dropped != 0 { releaseStrings(dropped) }
  }

  /// Empties the string slots of `keys`, one set bit at a time (a line usually drops none).
  private mutating func releaseStrings(_ keys: UInt16) {
    var keys = keys
    while keys != 0 {
      strings[PayloadKey.allCases[keys.trailingZeroBitCount].slot] = ""
      keys &= keys &- 1
    }
  }
}

extension Payload: Hashable {
  /// Two payloads are equal when they hold the same keys with the same values.
  public static func == (lhs: Payload, rhs: Payload) -> Bool {
    guard lhs.held == rhs.held else { return false }
    for key in PayloadKey.allCases where lhs.holds(key) {
      let slot = key.slot
      let same =
        switch key.valueType {
        case .number: lhs.numbers[slot] == rhs.numbers[slot]
        case .bool: (lhs.flags ^ rhs.flags) & 1 << slot == 0
        case .string: lhs.strings[slot] == rhs.strings[slot]
        }
      if !same { return false }
    }
    return true
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(held)
    for key in PayloadKey.allCases where holds(key) {
      switch key.valueType {
      case .number: hasher.combine(numbers[key.slot])
      case .bool: hasher.combine(flags & 1 << key.slot != 0)
      case .string: hasher.combine(strings[key.slot])
      }
    }
  }
}

extension Payload: CustomDebugStringConvertible {
  /// The keys it holds, in declaration order, each value as Swift prints it (so that `-0.0` and `0.0`
  /// differ, as they do in a trace): what a failing test shows.
  public var debugDescription: String {
    var parts: [String] = []
    for key in PayloadKey.allCases {
      switch key.valueType {
      case .number: if let value = number(key) { parts.append("\(key.rawValue): \(value)") }
      case .bool: if let value = flag(key) { parts.append("\(key.rawValue): \(value)") }
      case .string: if let value = string(key) { parts.append("\(key.rawValue): \(value.debugDescription)") }
      }
    }
    return "Payload(" + parts.joined(separator: ", ") + ")"
  }
}

extension Payload {
  /// The number keys' values, kept inline (a payload is copied with its event), read and written by slot.
  struct NumberSlots: Sendable {
    /// How many slots there are; every number key's slot is below it (a test holds the declarations to it).
    static var count: Int { 7 }

    private var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0, s5 = 0.0, s6 = 0.0

    subscript(slot: Int) -> Double {
      @inline(__always) get {
        switch slot {
        case 0: s0
        case 1: s1
        case 2: s2
        case 3: s3
        case 4: s4
        case 5: s5
        default: s6
        }
      }
      @inline(__always) set {
        switch slot {
        case 0: s0 = newValue
        case 1: s1 = newValue
        case 2: s2 = newValue
        case 3: s3 = newValue
        case 4: s4 = newValue
        case 5: s5 = newValue
        default: s6 = newValue
        }
      }
    }
  }

  /// The string keys' values, kept inline, read and written by slot.
  struct StringSlots: Sendable {
    /// How many slots there are; every string key's slot is below it (a test holds the declarations to it).
    static var count: Int { 4 }

    private var s0 = "", s1 = "", s2 = "", s3 = ""

    subscript(slot: Int) -> String {
      @inline(__always) get {
        switch slot {
        case 0: s0
        case 1: s1
        case 2: s2
        default: s3
        }
      }
      @inline(__always) set {
        switch slot {
        case 0: s0 = newValue
        case 1: s1 = newValue
        case 2: s2 = newValue
        default: s3 = newValue
        }
      }
    }
  }

  /// How many boolean slots `flags` has.
  static var flagSlotCount: Int { UInt8.bitWidth }
}
