import Foundation
import Testing

@testable import PresentationStateMachine

/// The table's guards as bit tests (`TableGuard.bitTest`): each test that is the definition of a guard
/// about a transition answers as the question it replaced, written out here field by field, on records with
/// every combination of the facts those questions read; the slot's bits case by case; exactly the guards
/// the docs name are asked in code; and the record's flags, kept as bits, are encoded under the same keys
/// as before. (That a guard asked in code is never skipped where it holds rests on the bits each names,
/// which its code needs, and on the captures of the whole audit.)
@Suite struct GuardFactsTests {
  /// The questions the session asked of a transition's facts before the guards became bit tests.
  static func reference(_ condition: TableGuard, _ record: TransitionRecord, trigger: Trigger) -> Bool? {
    switch condition {
    case .alreadyDelivered: record.hasSeen(trigger)
    case .echoOfEarlyDidEnd: record.completeValue == nil && record.completeExcused
    case .noCompleteTransitionYet: record.completeValue == nil
    case .finishDeferred: record.deferredCommit == .finish
    case .cancelDeferred: record.deferredCommit == .cancel
    case .settledByGroup: record.settledByGroup
    case .cancelDeferredWithoutController: record.deferredCommit == .cancel && !record.controllerLogged
    case .interruptible: record.interruptible
    case .withoutController: !record.controllerLogged
    case .observed: record.isObserved
    case .endedWithoutController: !record.controllerLogged && !record.didEndLogged && record.didEndT != nil
    case .cancelledLate: record.lateCommit == .cancel
    case .finishedLate: record.lateCommit == .finish
    case .systemStyleUnseen: record.systemStyle && record.isObserved
    // Asked in code, or of the slot: not a question of the record alone.
    case .presentsAnother, .groupCompletionPending, .presenterInFlight, .presenterNotPresented,
      .presenterTransitioningAnother, .presenterPresentsAnother, .startsRunning, .startedRunning,
      .completesRefusedDismiss, .stackAboveInFlight, .requestRefused, .presentRefused, .dismissRefused,
      .unknownReported, .reportedInTransition:
      nil
    }
  }

  /// How many records `record(combination:)` makes: every combination of the facts the questions read
  /// (three values each for `completeValue`, `deferredCommit` and `lateCommit`, two for ten others).
  static let combinations = 27 << 10

  /// The record of one combination of the facts the questions read, each set through its own property as
  /// the lifecycle sets it, after first setting it to another value (so that clearing a bit is exercised).
  static func record(combination: Int) -> TransitionRecord {
    var record = TransitionRecord(direction: .presenting, line: 1, t: 1, animated: true, serial: 1)
    let commits: [TransitionRecord.CommitKind?] = [nil, .finish, .cancel]
    let completes: [Bool?] = [nil, true, false]
    var rest = combination
    func next(_ count: Int) -> Int {
      defer { rest /= count }
      return rest % count
    }
    func bit() -> Bool { next(2) == 1 }
    let complete = completes[next(3)]
    let deferred = commits[next(3)]
    let late = commits[next(3)]
    record.completeValue = complete == nil ? true : nil
    record.completeValue = complete
    record.deferredCommit = deferred == nil ? .cancel : nil
    record.deferredCommit = deferred
    record.lateCommit = late == nil ? .finish : nil
    record.lateCommit = late
    let flags: [WritableKeyPath<TransitionRecord, Bool>] = [
      \.completeExcused, \.settledByGroup, \.controllerLogged, \.didEndLogged, \.interruptible, \.systemStyle,
    ]
    for flag in flags {
      let value = bit()
      record[keyPath: flag] = !value
      record[keyPath: flag] = value
    }
    let times: [WritableKeyPath<TransitionRecord, Double?>] = [\.animateT, \.interactiveStartT, \.didEndT]
    for time in times {
      let value: Double? = bit() ? 1.5 : nil
      record[keyPath: time] = value == nil ? 2 : nil
      record[keyPath: time] = value
    }
    if bit() { record.markSeen(.animate) }
    return record
  }

  /// A record of a combination drawn at random.
  static func record(_ random: inout SeededRandom) -> TransitionRecord {
    record(combination: random.below(combinations))
  }

  @Test func everyGuardDefinedByItsBitsAnswersAsTheQuestionItReplaced() {
    var answered: [TableGuard: Set<Bool>] = [:]
    var disagreements = 0
    for combination in 0..<Self.combinations {
      let record = Self.record(combination: combination)
      for trigger in [Trigger.animate, .update] {
        let facts = record.guardFacts(for: trigger)
        for condition in TableGuard.allCases {
          guard let expected = Self.reference(condition, record, trigger: trigger) else { continue }
          answered[condition, default: []].insert(expected)
          // Recorded only when it fails: an expectation per answer made the test slow.
          if condition.bitTest.passes(facts) != expected {
            disagreements += 1
            if disagreements <= 10 {
              Issue.record("\(condition) for \(trigger) answers \(!expected) on \(record)")
            }
          }
        }
      }
    }
    #expect(disagreements == 0)
    // Every such guard is defined by its bits, and was seen both holding and not.
    for (condition, answers) in answered {
      #expect(!condition.bitTest.asksCode, "\(condition) is defined by its bits")
      #expect(answers == [true, false], "\(condition)")
    }
    #expect(answered.count == 14)
  }

  /// The guards Lifecycle.md lists as asked in code; every other is its bit test.
  @Test func tenGuardsAreAskedInCodeAndNineteenAreTheirBits() {
    let inCode = Set(TableGuard.allCases.filter(\.bitTest.asksCode))
    #expect(
      inCode == [
        .presentsAnother, .stackAboveInFlight, .groupCompletionPending, .presenterInFlight,
        .presenterNotPresented, .presenterTransitioningAnother, .presenterPresentsAnother, .startsRunning,
        .startedRunning, .reportedInTransition,
      ])
    #expect(TableGuard.allCases.count - inCode.count == 19)
  }

  @Test func noGuardHoldsOfAPresentationWithNoFacts() {
    for condition in TableGuard.allCases {
      #expect(!condition.bitTest.passes([]), "\(condition) would hold with no transition and no refusal")
    }
  }

  @Test func aSlotAddsItsRefusalAndItsUnknownReport() {
    var slot = SessionStorage.Slot(isRoot: false, generation: 0)
    let tests = (
      request: TableGuard.requestRefused.bitTest, present: TableGuard.presentRefused.bitTest,
      dismiss: TableGuard.dismissRefused.bitTest
    )
    var facts = slot.guardFacts(for: .dismiss)
    #expect(!tests.request.passes(facts) && !tests.present.passes(facts) && !tests.dismiss.passes(facts))
    slot.refused = .present
    facts = slot.guardFacts(for: .dismiss)
    #expect(tests.request.passes(facts) && tests.present.passes(facts) && !tests.dismiss.passes(facts))
    slot.refused = .dismiss
    facts = slot.guardFacts(for: .dismiss)
    #expect(tests.request.passes(facts) && !tests.present.passes(facts) && tests.dismiss.passes(facts))
    #expect(!TableGuard.unknownReported.bitTest.passes(facts))
    #expect(!TableGuard.completesRefusedDismiss.bitTest.passes(facts))
    slot.reportedUnknown = true
    slot.refusedDismissCompletion = true
    facts = slot.guardFacts(for: .dismiss)
    #expect(TableGuard.unknownReported.bitTest.passes(facts))
    #expect(TableGuard.completesRefusedDismiss.bitTest.passes(facts))
  }

  /// The keys the synthesized conformance wrote before the flags moved into `guardFacts`.
  static let keys: Set<String> = [
    "direction", "requestLine", "requestT", "animated", "lastLine", "lastT", "willBeginT", "animateT",
    "interactiveStartT", "interactiveStartLine", "declaredDuration", "progress", "hadUpdate", "lastDriveT",
    "commit", "deferredCommit", "deferredSpeed", "completeValue", "completeT", "didEndT", "completeExcused",
    "settledByGroup", "serial", "seen", "reported", "hangExpired", "undrivenExpired", "controllerLogged",
    "didEndLogged", "interruptible", "wantsInteractiveStart", "running", "undrivenSince", "undrivenSinceLine",
    "interruptions", "systemStyle", "swipe", "deferredBeforeWillBegin", "lateCommit",
  ]

  @Test func aRecordIsEncodedUnderItsKeysAndDecodedWithItsBits() throws {
    var random = SeededRandom(seed: 7)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    for _ in 0..<200 {
      var record = Self.record(&random)
      record.willBeginT = 1.25
      record.interactiveStartLine = 4
      record.declaredDuration = 0.35
      record.lastDriveT = 1.4
      record.completeT = 1.6
      record.undrivenSince = 1.3
      let data = try encoder.encode(record)
      let decoded = try JSONDecoder().decode(TransitionRecord.self, from: data)
      #expect(decoded == record)
      #expect(decoded.guardFacts == record.guardFacts)
      #expect(try encoder.encode(decoded) == data)
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      // Every key the record holds a value for, and no other.
      let present: [String: Bool] = [
        "completeValue": record.completeValue != nil, "deferredCommit": record.deferredCommit != nil,
        "lateCommit": record.lateCommit != nil, "animateT": record.animateT != nil,
        "interactiveStartT": record.interactiveStartT != nil, "didEndT": record.didEndT != nil,
        "commit": false,
      ]
      #expect(Set(object.keys) == Self.keys.filter { present[$0] ?? true }, "\(object.keys.sorted())")
    }
  }
}
