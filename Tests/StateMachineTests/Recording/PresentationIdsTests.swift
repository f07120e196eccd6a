import Testing

@testable import PresentationStateMachine

@Suite struct PresentationIdsTests {
  final class CardViewController {}
  final class SheetViewController {}
  final class Named {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func idsAreTheTypeNameAndAPerTypeOrdinal() {
    let ids = PresentationIds()
    let first = CardViewController()
    let sheet = SheetViewController()
    let second = CardViewController()
    #expect(ids.id(of: first) == "CardViewController#1")
    #expect(ids.id(of: sheet) == "SheetViewController#1")
    #expect(ids.id(of: second) == "CardViewController#2")
    #expect(ids.id(of: first) == "CardViewController#1")
  }

  /// Objects created and released in a loop often reuse the same address: each must get a fresh id, and
  /// no id may ever be issued twice.
  @Test func aDeallocatedObjectsIdIsNeverGivenToAnotherObject() {
    let ids = PresentationIds()
    var seen = Set<String>()
    for _ in 0..<500 {
      let controller = CardViewController()
      let id = ids.id(of: controller)
      #expect(!seen.contains(id), "\(id) issued twice")
      seen.insert(id)
    }
    #expect(seen.count == 500)
  }

  @Test func namingProposalsAreUsedAndMadeUniqueWhenTaken() {
    let ids = PresentationIds { ($0 as? Named)?.name }
    let card = Named("card")
    #expect(ids.id(of: card) == "card")
    #expect(ids.id(of: Named("card")) == "card#2")
    #expect(ids.id(of: Named("")) == "Named#1")
    #expect(ids.id(of: CardViewController()) == "CardViewController#1")
    #expect(ids.id(of: card) == "card")
    // After the first "card" is gone, a new object asking for "card" still does not get it.
    var names: [String] = []
    for _ in 0..<3 { names.append(ids.id(of: Named("card"))) }
    #expect(names == ["card#3", "card#4", "card#5"])
  }

  /// A presentation named like a root would be read as a root: the name gets a suffix.
  @Test func aNamingProposalThatNamesARootIsMadeUnique() {
    let ids = PresentationIds { ($0 as? Named)?.name }
    #expect(ids.id(of: Named("root")) == "root#2")
    #expect(ids.id(of: Named("root:s1")) == "root:s1#2")
    #expect(ids.id(of: Named("rooted")) == "rooted")
  }

  @Test func rootsAreNamedAsTheTraceFormatNamesThem() {
    let ids = PresentationIds()
    let main = CardViewController()
    let second = CardViewController()
    #expect(ids.registerRoot(main) == "root")
    #expect(ids.registerRoot(second, scene: "s1") == "root:s1")
    #expect(ids.id(of: main) == "root")
    #expect(ids.id(of: second) == "root:s1")
    #expect(ids.isRoot(main))
    #expect(!ids.isRoot(CardViewController()))
  }
}
