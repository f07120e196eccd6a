import Testing

@testable import PresentationStateMachine

/// A slot of the session's storage is a fixed-width record: reading, writing or moving it retains and
/// releases nothing, and a slot taken again is built over the old one without destroying it
/// (`SessionStorage.slotCreating`), which only a record with no reference allows.
@Suite struct SlotLayoutTests {
  @Test func aSlotHoldsNoReference() {
    #expect(_isPOD(SessionStorage.Slot.self))
    #expect(_isPOD(PresentationLifecycle.self))
  }

  @Test func aRefusedPresentKeepsItsPresenterBesideTheSlot() {
    var storage = SessionStorage()
    let slot = storage.slotCreating("card")
    storage.setRefusedRequest(.present(presenter: "root:scene"), ofSlot: slot)
    #expect(storage.refusedRequest(ofSlot: slot) == .present(presenter: "root:scene"))
    #expect(storage.reading(slot) { $0.pointee.hasRefusal })
    storage.setRefusedRequest(.dismiss, ofSlot: slot)
    #expect(storage.refusedRequest(ofSlot: slot) == .dismiss)
    storage.setRefusedRequest(nil, ofSlot: slot)
    #expect(storage.refusedRequest(ofSlot: slot) == nil)
    #expect(!storage.reading(slot) { $0.pointee.hasRefusal })
  }
}
