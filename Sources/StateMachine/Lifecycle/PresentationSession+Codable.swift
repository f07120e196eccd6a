/// The session as a document of ids: the same document whatever the order of its slots, read back into
/// fresh slots whose references resolve as before.
extension PresentationSession: Codable {
  private enum CodingKeys: String, CodingKey {
    case lifecycles, presenters, children, presenterOfAnother, groups, gestures, refusedRequests
    case reportedUnknown, endedQueue, serial, refusedDismissCompletions, grace, undrivenAfter
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var presenters: [String: String] = [:]
    var children: [String: String] = [:]
    var presenterOfAnother: [String] = []
    var groups: [String: [String]] = [:]
    var refused: [String: SessionStorage.RefusedRequest] = [:]
    var unknown: [String] = []
    var refusedDismissCompletions: [String] = []
    for slot in storage.slots.indices {
      let id = storage.id(ofSlot: slot)
      if let presenter = presenter(of: id) { presenters[id] = presenter }
      if let child = child(of: id) { children[id] = child }
      if stack.nodes[slot].hasPresented { presenterOfAnother.append(id) }
      let group = dismissalGroup(of: id)
      if !group.isEmpty { groups[id] = group }
      if let request = storage.refusedRequest(ofSlot: slot) { refused[id] = request }
      if storage.slots[slot].reportedUnknown { unknown.append(id) }
      if storage.slots[slot].refusedDismissCompletion { refusedDismissCompletions.append(id) }
    }
    var filed: [String: FiledLifecycle] = [:]
    for (id, lifecycle) in lifecycles { filed[id] = FiledLifecycle(id: id, lifecycle: lifecycle) }
    try container.encode(filed, forKey: .lifecycles)
    try container.encode(presenters, forKey: .presenters)
    try container.encode(children, forKey: .children)
    try container.encode(presenterOfAnother.sorted(), forKey: .presenterOfAnother)
    try container.encode(groups, forKey: .groups)
    try container.encode(gestures, forKey: .gestures)
    try container.encode(refused, forKey: .refusedRequests)
    try container.encode(unknown.sorted(), forKey: .reportedUnknown)
    try container.encode(Array(endedQueue[endedQueueHead...]), forKey: .endedQueue)
    try container.encode(serial, forKey: .serial)
    try container.encode(refusedDismissCompletions.sorted(), forKey: .refusedDismissCompletions)
    try container.encode(grace, forKey: .grace)
    try container.encode(undrivenAfter, forKey: .undrivenAfter)
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      grace: try container.decode(Double.self, forKey: .grace),
      undrivenAfter: try container.decode(Double.self, forKey: .undrivenAfter))
    for (id, filed) in try container.decode([String: FiledLifecycle].self, forKey: .lifecycles)
    where filed.lifecycle.phase != .absent {
      // A lifecycle names the id it is filed under: a document that says otherwise was edited.
      guard filed.id == id else {
        throw SessionDocumentError(reason: "the presentation filed as \(id) is named \(filed.id)")
      }
      let slot = slotCreating(id)
      storage.slots[slot].lifecycle = filed.lifecycle
      storage.setInFlight(slot, filed.lifecycle.phase.isInFlight)
    }
    for (id, gesture) in try container.decode([String: GestureState].self, forKey: .gestures) {
      storage.slots[slotCreating(id)].gesture = gesture
    }
    let refused = try container.decode([String: SessionStorage.RefusedRequest].self, forKey: .refusedRequests)
    for (id, request) in refused { storage.setRefusedRequest(request, ofSlot: slotCreating(id)) }
    // The completion block a refused dismiss still owes (<doc:Rules#Completion>).
    for id in try container.decodeIfPresent([String].self, forKey: .refusedDismissCompletions) ?? [] {
      storage.slots[slotCreating(id)].refusedDismissCompletion = true
    }
    for id in try container.decode([String].self, forKey: .reportedUnknown) {
      storage.slots[slotCreating(id)].reportedUnknown = true
      reportedUnknownCount += 1
    }
    // References need every id's slot: the stack is read last.
    let children = try container.decode([String: String].self, forKey: .children)
    let groups = try container.decode([String: [String]].self, forKey: .groups)
    let presenters = try container.decode([String: String].self, forKey: .presenters)
    for name in Set(children.keys).union(children.values).union(groups.values.joined()).union(presenters.keys)
      .union(presenters.values).sorted()
    {
      _ = slotCreating(name)
    }
    for (id, child) in children {
      if let slot = storage.slot(of: id), let childSlot = storage.slot(of: child) {
        stack.nodes[slot].child = storage.ref(ofSlot: childSlot)
      }
    }
    for (id, presenter) in presenters {
      guard let slot = storage.slot(of: id) else { continue }
      if Self.isRoot(presenter) {
        stack.nodes[slot].presenter = .root(presenter)
      } else if let presenterSlot = storage.slot(of: presenter) {
        stack.nodes[slot].presenter = .presentation(storage.ref(ofSlot: presenterSlot))
      }
    }
    for id in try container.decode([String].self, forKey: .presenterOfAnother) {
      stack.nodes[slotCreating(id)].hasPresented = true
    }
    for (id, group) in groups {
      guard let slot = storage.slot(of: id) else { continue }
      stack.nodes[slot].group = group.compactMap { storage.slot(of: $0).map { storage.ref(ofSlot: $0) } }
    }
    for slot in storage.slots.indices { releaseIfVacant(slot) }
    endedQueue = try container.decode([EndedPresentation].self, forKey: .endedQueue)
    earliestEndedT = endedQueue.first?.t ?? .infinity
    forgetsNothingThrough = Self.forgetsNothing(endedT: earliestEndedT, grace: grace)
    serial = try container.decode(UInt64.self, forKey: .serial)
  }
}
