import Testing

@testable import PresentationStateMachine

/// Each payload key is stored under its own name, with its own type, apart from every other key: what the
/// properties, the subscript and equality answer, written out key by key.
@Suite struct PayloadTests {
  static let valueTypes: [PayloadKey: PayloadKey.ValueType] = [
    .presenter: .string, .animated: .bool, .style: .string, .completed: .bool, .didComplete: .bool,
    .width: .number, .height: .number, .duration: .number, .percent: .number, .completionSpeed: .number,
    .translation: .number, .velocity: .number, .name: .string, .wantsInteractiveStart: .bool,
    .resolvedStyle: .string,
  ]

  /// Every key with a value of its own, through the properties.
  static let full = Payload(
    presenter: "root", animated: true, style: "pageSheet", completed: false, didComplete: true, width: 390,
    height: 844, duration: 0.35, percent: 0.5, completionSpeed: 1.5, translation: -12, velocity: 800,
    name: "tap", wantsInteractiveStart: false, resolvedStyle: "formSheet")

  static let fullByKey: [PayloadKey: JSONValue] = [
    .presenter: .string("root"), .animated: .bool(true), .style: .string("pageSheet"),
    .completed: .bool(false),
    .didComplete: .bool(true), .width: .number(390), .height: .number(844), .duration: .number(0.35),
    .percent: .number(0.5), .completionSpeed: .number(1.5), .translation: .number(-12),
    .velocity: .number(800),
    .name: .string("tap"), .wantsInteractiveStart: .bool(false), .resolvedStyle: .string("formSheet"),
  ]

  @Test func eachKeyHasItsType() {
    #expect(Self.valueTypes.count == PayloadKey.allCases.count)
    for key in PayloadKey.allCases { #expect(key.valueType == Self.valueTypes[key], "\(key)") }
  }

  @Test func eachKeysIndexIsItsPlaceInAllCases() {
    // The reader numbers keys by `allCases` order (its name table) and by index (its sets): the same.
    for (position, key) in PayloadKey.allCases.enumerated() {
      #expect(key.index == position, "\(key)")
      #expect(key.bit == 1 << position, "\(key)")
    }
    #expect(PayloadKey.allCases.count <= UInt16.bitWidth)
  }

  @Test func theSlotsOfEachTypeAreNumberedFromZeroWithinTheStorage() {
    let capacity: [PayloadKey.ValueType: Int] = [
      .number: Payload.NumberSlots.count, .bool: Payload.flagSlotCount, .string: Payload.StringSlots.count,
    ]
    for type in [PayloadKey.ValueType.number, .bool, .string] {
      let slots = PayloadKey.allCases.filter { $0.valueType == type }.map(\.slot)
      #expect(slots.sorted() == Array(0..<slots.count), "\(type): \(slots)")
      #expect(slots.count <= capacity[type] ?? 0, "\(type)")
    }
    #expect(
      PayloadKey.stringKeys
        == PayloadKey.allCases.filter { $0.valueType == .string }.reduce(0) { $0 | $1.bit })
  }

  @Test func aDebugDescriptionNamesTheKeysHeld() {
    #expect(Payload().debugDescription == "Payload()")
    #expect(
      Payload(presenter: "root", animated: false, width: -0.0).debugDescription
        == #"Payload(presenter: "root", animated: false, width: -0.0)"#)
  }

  @Test func eachPropertyIsStoredUnderItsKey() {
    for key in PayloadKey.allCases { #expect(Self.full[key] == Self.fullByKey[key], "\(key)") }
  }

  @Test(arguments: PayloadKey.allCases)
  func aKeySetAloneIsTheOnlyOneHeld(_ key: PayloadKey) {
    var payload = Payload()
    payload[key] = Self.fullByKey[key]
    for other in PayloadKey.allCases {
      #expect((payload[other] != nil) == (other == key), "\(key) set, \(other) read")
    }
    #expect(payload != Payload())
    payload[key] = nil
    #expect(payload == Payload())
    #expect(payload.hashValue == Payload().hashValue)
  }

  @Test(arguments: PayloadKey.allCases)
  func aKeyDroppedFromAFullPayloadLeavesTheOthers(_ key: PayloadKey) {
    var payload = Self.full
    payload[key] = nil
    for other in PayloadKey.allCases where other != key {
      #expect(payload[other] == Self.fullByKey[other], "\(key) dropped, \(other) read")
    }
    #expect(payload[key] == nil)
    var rebuilt = Payload()
    for other in PayloadKey.allCases where other != key { rebuilt[other] = Self.fullByKey[other] }
    #expect(payload == rebuilt)
    #expect(payload.hashValue == rebuilt.hashValue)
  }

  @Test func aValueOfTheWrongTypeStoresNothing() {
    for key in PayloadKey.allCases {
      var payload = Self.full
      payload[key] = key.valueType == .string ? .number(1) : .string("x")
      #expect(payload[key] == nil, "\(key)")
    }
  }

  @Test func equalityComparesEveryKey() {
    for key in PayloadKey.allCases {
      var changed = Self.full
      changed[key] =
        switch key.valueType {
        case .bool: .bool(!(Self.full[key]?.boolValue ?? false))
        case .number: .number((Self.full[key]?.numberValue ?? 0) + 1)
        case .string: .string("other")
        }
      #expect(changed != Self.full, "\(key)")
    }
  }
}
