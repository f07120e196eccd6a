extension OrderingAcceptor {
  /// What the machine and the acceptor each say about one projected trace, and whether they agree.
  ///
  /// ```swift
  /// let comparison = OrderingAcceptor.compare(OrderingAcceptor.projection(of: events))
  /// comparison.agrees  // true, false, or nil when the acceptor has no opinion
  /// ```
  package struct Comparison: Sendable, Hashable {
    /// The index of the first event the machine reports a judged rule for, `nil` when it reports none.
    package var machine: Int?
    /// The rule the machine reports there.
    package var machineRule: Rule?
    package var acceptor: Verdict

    /// Whether both name the same first violation (or both none). `nil` when the acceptor left its subset
    /// before the machine's first violation; `false` when the machine's first violation lies before the
    /// point where the acceptor left it (the acceptor accepted that prefix).
    package var agrees: Bool? {
      switch acceptor {
      case .clean: machine == nil
      case .violation(let index): machine == index
      case .undefined(let index, _): machine.map { $0 < index ? false : nil } ?? nil
      }
    }

    /// Both answers in words, for failure messages.
    package var description: String {
      let machineText = machine.map { "first violation at event \($0 + 1) [\(machineRule?.rawValue ?? "?")]" }
      let acceptorText: String =
        switch acceptor {
        case .clean: "clean"
        case .violation(let index): "first violation at event \(index + 1)"
        case .undefined(let index, let why): "no opinion from event \(index + 1) (\(why))"
        }
      return "machine: \(machineText ?? "clean"); acceptor: \(acceptorText)"
    }
  }

  /// Runs the machine (``TraceAudit/findings(of:header:configuration:)``, lines numbered from 1) and the
  /// acceptor on `projected` (events already restricted to `kinds`, see `projection(of:)`) and compares
  /// their first violations of the rules in `judgedRules`.
  package static func compare(
    _ projected: [Event], configuration: AuditConfiguration = AuditConfiguration()
  ) -> Comparison {
    let first = TraceAudit.findings(of: projected, configuration: configuration).first {
      judgedRules.contains($0.rule)
    }
    return Comparison(
      machine: first.map { $0.line - 1 }, machineRule: first?.rule, acceptor: verdict(projected))
  }
}
