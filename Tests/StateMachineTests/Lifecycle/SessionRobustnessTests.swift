import Testing

@testable import PresentationStateMachine

/// SplitMix64: a small deterministic random source, so a failing seed reproduces.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random events in random order must never trap the session, and its bookkeeping must stay consistent.
@Suite struct SessionRobustnessTests {
  static let ids = ["p1", "p2", "p3", "root", "root:tv"]

  static func randomEvent(_ random: inout SplitMix64, t: Double) -> Event {
    let kind = EventKind.allCases.randomElement(using: &random) ?? .mark
    let id = ids.randomElement(using: &random) ?? "p1"
    var payload = Payload()
    for key in kind.payloadKeys where Bool.random(using: &random) || kind.requiredPayloadKeys.contains(key) {
      switch key.valueType {
      case .bool: payload[key] = .bool(Bool.random(using: &random))
      case .number: payload[key] = .number(Double.random(in: -0.5...1.5, using: &random))
      case .string: payload[key] = .string(ids.randomElement(using: &random) ?? "root")
      }
    }
    return Event(t: t, id: id, kind: kind, payload: payload)
  }

  @Test(arguments: [1, 2, 3, 42, 2026] as [UInt64])
  func randomTracesNeverTrapAndKeepTheBookkeepingConsistent(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var auditor = Auditor()
    var findings: [Finding] = []
    var t = 0.0
    for line in 1...4000 {
      t += Double.random(in: -0.05...0.4, using: &random)
      auditor.audit(Self.randomEvent(&random, t: t), line: line, into: &findings)
      let session = auditor.session
      let inFlight = Set(session.lifecycles.filter { $0.value.phase.isInFlight }.map(\.key))
      #expect(session.inFlight == inFlight, "seed \(seed), line \(line)")
      for (root, child) in session.rootChildren {
        #expect(session.phase(of: child).isLive, "seed \(seed), line \(line): \(root) → \(child)")
      }
      if session.inFlight != inFlight { return }
    }
    auditor.finish(into: &findings)
    #expect(findings.allSatisfy { $0.line >= 1 && $0.line <= 4000 && !$0.message.isEmpty }, "seed \(seed)")
  }
}
