/// Where the session keeps each id it holds: a presentation id's slot number.
///
/// ```swift
/// var index = PresentationIndex()
/// index.insert("p1", slot: 0)
/// index.slot(of: "p1") // 0
/// ```
struct PresentationIndex: Sendable {
  private var slots: [String: Int] = [:]

  func slot(of id: String) -> Int? { slots[id] }

  mutating func insert(_ id: String, slot: Int) { slots[id] = slot }

  mutating func remove(_ id: String) { slots[id] = nil }
}
