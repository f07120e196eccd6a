import Testing

@testable import PresentationStateMachine

@Suite struct ClosestMatchTests {
  @Test(arguments: [
    ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("audit", "audit", 0), ("audti", "audit", 2),
    ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("--formt", "--format", 1), ("é", "e", 1),
  ])
  func editDistance(_ a: String, _ b: String, _ distance: Int) {
    #expect(ClosestMatch.editDistance(a, b) == distance)
    #expect(ClosestMatch.editDistance(b, a) == distance, "the distance is symmetric")
  }

  @Test func theClosestNameWinsAndTheFirstOfEqualsIsKept() {
    let rules = Rule.allCases.map(\.rawValue)
    #expect(ClosestMatch.name(to: "complete-twise", among: rules) == "complete-twice")
    #expect(ClosestMatch.name(to: "ab", among: ["xb", "ax", "ab-long"]) == "xb")
    #expect(ClosestMatch.name(to: "anything", among: [String]()) == nil)
  }

  @Test func aNameFartherThanTheMaximumIsNoMatch() {
    #expect(ClosestMatch.name(to: "zzzzz", among: ["audit", "rules"], maximumDistance: 2) == nil)
    #expect(ClosestMatch.name(to: "rulez", among: ["audit", "rules"], maximumDistance: 2) == "rules")
    #expect(ClosestMatch.name(to: "rules", among: ["audit", "rules"], maximumDistance: 0) == "rules")
  }

  @Test func ruleSettingsNamesTheClosestRule() {
    let error = RuleSettingsError(message: "unknown rule id 'layout-hitc'; did you mean 'layout-hitch'?")
    #expect(throws: error) { try Rule.named("layout-hitc") }
  }
}
