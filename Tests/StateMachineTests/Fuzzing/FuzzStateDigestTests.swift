import Testing

@testable import PresentationStateMachine

/// The explorer's memo key: equal states give equal digests whatever the order a dictionary was built
/// in, and any difference in the state gives another digest.
@Suite struct FuzzStateDigestTests {
  struct Sample: Encodable {
    var names: [String: Int]
    var list: [Int]
    var flag: Bool?
    var value: Double
  }

  @Test func dictionaryOrderDoesNotMatterButEverythingElseDoes() {
    var forward: [String: Int] = [:]
    var backward: [String: Int] = [:]
    for index in 0..<50 { forward["k\(index)"] = index }
    for index in (0..<50).reversed() { backward["k\(index)"] = index }
    let base = Sample(names: forward, list: [1, 2], flag: nil, value: 0.5)
    let digest = StateDigestEncoder.digest(of: base)
    #expect(
      StateDigestEncoder.digest(of: Sample(names: backward, list: [1, 2], flag: nil, value: 0.5)) == digest)
    var changes: [Sample] = []
    var renamed = forward
    renamed["k1"] = nil
    renamed["k1x"] = 1
    changes.append(Sample(names: renamed, list: [1, 2], flag: nil, value: 0.5))
    changes.append(Sample(names: forward, list: [2, 1], flag: nil, value: 0.5))
    changes.append(Sample(names: forward, list: [1, 2], flag: false, value: 0.5))
    changes.append(Sample(names: forward, list: [1, 2], flag: nil, value: -0.5))
    changes.append(Sample(names: forward, list: [1, 2, 0], flag: nil, value: 0.5))
    let digests = changes.map { StateDigestEncoder.digest(of: $0) }
    #expect(!digests.contains(digest))
    #expect(Set(digests).count == digests.count)
  }

  @Test func auditorStatesThatDifferOnlyInOrderOfIndependentEventsAreOne() {
    func audit(_ events: [Event]) -> Auditor {
      var auditor = Auditor()
      var findings: [Finding] = []
      for event in events { auditor.audit(event, line: 1, into: &findings) }
      return auditor
    }
    let present1 = Event(t: 0, id: "p1", kind: .present, payload: Payload(presenter: "root"))
    let present2 = Event(t: 0, id: "p2", kind: .present, payload: Payload(presenter: "root:s1"))
    let begin1 = Event(t: 0, id: "p1", kind: .presentationTransitionWillBegin)
    let one = StateDigestEncoder.digest(of: audit([present1, present2]))
    #expect(StateDigestEncoder.digest(of: audit([present2, present1])) == one)
    #expect(StateDigestEncoder.digest(of: audit([present1, present2, begin1])) != one)
  }
}
