/// The transition table drawn as a graph: phases as nodes, triggers as edges, from the very rows the
/// machine runs on.
///
/// ```swift
/// print(TransitionTable.graph(.dot))                          // legal moves and recoveries
/// print(TransitionTable.graph(.mermaid, includeAll: true))    // also stays and rejections
/// ```
///
/// Edges of one kind between the same two phases are merged into one, labelled with every trigger. A
/// legal move is a solid edge; an entry that reports a rule is red and dashed and names the rule:
/// `recover` moves on (the machine follows the evidence), `reject` (only with `includeAll`) is a dotted
/// self-loop, as the event changes nothing. `stay` entries (layout, appearance, gestures; only with
/// `includeAll`) are grey self-loops. Pairs no row lists are not drawn; they are `event-out-of-phase` in
/// a live phase and `unknown-presentation` otherwise.
extension TransitionTable {
  /// A text format for `graph(_:includeAll:)`.
  public enum GraphFormat: String, CaseIterable, Sendable {
    /// Graphviz: `dot -Tsvg lifecycle.dot -o lifecycle.svg`.
    case dot
    /// A Mermaid flowchart, which GitHub renders inside a ```` ```mermaid ```` block.
    case mermaid
  }

  /// What kind of table entry an edge stands for.
  public enum GraphEdgeKind: String, Sendable, Hashable, CaseIterable {
    case move, recover, reject, stay
  }

  /// One edge of the drawing: every trigger that takes `from` to `to` with the same kind and rule.
  public struct GraphEdge: Sendable, Hashable {
    public var from: Phase
    public var to: Phase
    public var kind: GraphEdgeKind
    /// The rule reported, for `recover` and `reject`.
    public var rule: Rule?
    public var triggers: [Trigger]
    /// The notes of the rows the edge comes from (`Row.note`), shown as the edge's tooltip.
    public var notes: [String]
  }

  /// The edges of the drawing, in table order: for each pair a row lists, the entry the machine applies
  /// (a pair two rows list is drawn once, as the first row decides it, exactly like `entry(_:_:)`).
  public static func graphEdges(includeAll: Bool = false) -> [GraphEdge] {
    struct Key: Hashable {
      var from: Phase
      var to: Phase
      var kind: GraphEdgeKind
      var rule: Rule?
    }
    var order: [Key] = []
    var edges: [Key: GraphEdge] = [:]
    for row in rows {
      for phase in row.from {
        for trigger in row.triggers {
          let entry = entry(phase, trigger)
          guard entry == row.entry else { continue }  // an earlier row decides this pair
          let kind: GraphEdgeKind
          switch entry {
          case .move: kind = .move
          case .recover: kind = .recover
          case .reject: kind = .reject
          case .stay: kind = .stay
          }
          guard includeAll || kind == .move || kind == .recover else { continue }
          let to = entry.target(from: phase)
          let key = Key(from: phase, to: to, kind: kind, rule: entry.rule)
          var edge =
            edges[key]
            ?? GraphEdge(from: phase, to: to, kind: kind, rule: entry.rule, triggers: [], notes: [])
          if edges[key] == nil { order.append(key) }
          if !edge.triggers.contains(trigger) { edge.triggers.append(trigger) }
          if !edge.notes.contains(row.note) { edge.notes.append(row.note) }
          edges[key] = edge
        }
      }
    }
    return order.compactMap { edges[$0] }
  }

  /// The table rendered as Graphviz DOT or a Mermaid flowchart.
  public static func graph(_ format: GraphFormat, includeAll: Bool = false) -> String {
    let edges = graphEdges(includeAll: includeAll)
    switch format {
    case .dot: return dot(edges, includeAll: includeAll)
    case .mermaid: return mermaid(edges)
    }
  }

  /// The phases grouped the way the drawing clusters them.
  private static let presentingPhases = Phase.allCases.filter { $0.direction == .presenting }
  private static let dismissingPhases = Phase.allCases.filter { $0.direction == .dismissing }
  private static let restingPhases = Phase.allCases.filter { $0.direction == nil }

  private static let red = "#c0392b"
  private static let lightRed = "#e59a92"

  private static func dot(_ edges: [GraphEdge], includeAll: Bool) -> String {
    var out = """
      digraph lifecycle {
        graph [rankdir=TB, fontname="Helvetica", fontsize=13, nodesep=0.4, ranksep=0.45, newrank=true, \
      labelloc=t, label=<\(dotLegend(includeAll: includeAll))>];
        node [shape=box, style="rounded,filled", fillcolor="#f4f6fa", color="#5b6b82", fontname="Helvetica", \
      fontsize=12];
        edge [fontname="Helvetica", fontsize=10, color="#222222", penwidth=1.5, arrowsize=0.7];

      """
    for phase in restingPhases {
      let style =
        phase.isLive
        ? "style=\"rounded,filled,bold\", fillcolor=\"#dff0d8\", color=\"#3c763d\""
        : "shape=ellipse, style=filled, fillcolor=\"#eeeeee\", color=\"#888888\""
      out += "  \(dotID(phase)) [\(style)];\n"
    }
    for (name, phases) in [("presenting", presentingPhases), ("dismissing", dismissingPhases)] {
      out += "  subgraph cluster_\(name) {\n"
      out += "    label=\"\(name)\"; labeljust=l; style=\"rounded,dashed\"; color=\"#9aa7b8\"; "
      out += "fontcolor=\"#5b6b82\";\n"
      for phase in phases { out += "    \(dotID(phase));\n" }
      out += "  }\n"
    }
    // Legal edges first: they shape the layout. Violations follow, light, out of the layout's way.
    for edge in edges where edge.kind == .move || edge.kind == .stay {
      let tooltip = "\(edge.from.name) → \(edge.to.name): " + edge.notes.joined(separator: "; ")
      var attributes = ["label=\"\(dotEscape(edge.triggers.map(\.label).joined(separator: "\\n")))\""]
      if edge.kind == .stay {
        attributes += ["color=\"#9a9a9a\"", "fontcolor=\"#7a7a7a\"", "penwidth=0.8", "fontsize=8"]
      }
      attributes.append("tooltip=\"\(dotEscape(tooltip))\"")
      out += "  \(dotID(edge.from)) -> \(dotID(edge.to)) [\(attributes.joined(separator: ", "))];\n"
    }
    out += dotViolations(edges.filter { $0.kind == .recover || $0.kind == .reject })
    out += "}\n"
    return out
  }

  /// Rule-producing edges. Recoveries that share their target, rule and triggers are bundled: one
  /// labelled edge into the target from a junction point that every source phase joins.
  private static func dotViolations(_ edges: [GraphEdge]) -> String {
    struct Bundle {
      var to: Phase
      var kind: GraphEdgeKind
      var rule: Rule?
      var triggers: [Trigger]
      var edges: [GraphEdge] = []
    }
    var bundles: [Bundle] = []
    for edge in edges {
      if edge.kind == .recover,
        let index = bundles.firstIndex(where: {
          $0.kind == .recover && $0.to == edge.to && $0.rule == edge.rule && $0.triggers == edge.triggers
        })
      {
        bundles[index].edges.append(edge)
      } else {
        bundles.append(
          Bundle(to: edge.to, kind: edge.kind, rule: edge.rule, triggers: edge.triggers, edges: [edge]))
      }
    }
    var out = ""
    var junctions = 0
    for bundle in bundles {
      var label = bundle.triggers.map(\.label).joined(separator: "\\n")
      if let rule = bundle.rule { label += "\\n[\(rule.rawValue)]" }
      let notes = bundle.edges.flatMap(\.notes).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      let sources = bundle.edges.map(\.from.name).joined(separator: ", ")
      let tooltip = dotEscape("\(sources) → \(bundle.to.name): " + notes.joined(separator: "; "))
      let style =
        bundle.kind == .reject
        ? "style=dotted, color=\"\(red)\", fontcolor=\"\(red)\", penwidth=0.9, fontsize=8"
        : "style=dashed, color=\"\(lightRed)\", fontcolor=\"\(red)\", penwidth=0.8, fontsize=8, arrowsize=0.5"
      guard bundle.edges.count > 1 else {
        let from = bundle.edges.first?.from ?? bundle.to
        out += "  \(dotID(from)) -> \(dotID(bundle.to)) [label=\"\(dotEscape(label))\", \(style), "
        out += "constraint=false, tooltip=\"\(tooltip)\"];\n"
        continue
      }
      junctions += 1
      let junction = "\"junction \(junctions)\""
      out += "  \(junction) [shape=point, width=0.04, color=\"\(lightRed)\", tooltip=\"\(tooltip)\"];\n"
      for edge in bundle.edges {
        out += "  \(dotID(edge.from)) -> \(junction) [style=dashed, color=\"\(lightRed)\", penwidth=0.8, "
        out += "arrowhead=none, constraint=false, tooltip=\"\(tooltip)\"];\n"
      }
      out += "  \(junction) -> \(dotID(bundle.to)) [label=\"\(dotEscape(label))\", \(style), "
      out += "tooltip=\"\(tooltip)\"];\n"
    }
    return out
  }

  private static func dotLegend(includeAll: Bool) -> String {
    var legend =
      "<b>The lifecycle of one presentation</b> (replay graph\(includeAll ? " --all" : ""), drawn from "
      + "TransitionTable.rows)<br/>black: a legal move     <font color=\"\(red)\">dashed red: a violation "
      + "[rule id]; the machine follows the evidence (a dot joins the phases an edge leaves from)</font>"
    if includeAll {
      legend +=
        "<br/><font color=\"\(red)\">dotted red: refused, the phase does not change</font>     "
        + "<font color=\"#7a7a7a\">grey: legal, the phase does not change</font>"
    }
    legend +=
      "<br/>any pair not drawn: event-out-of-phase in a live phase, unknown-presentation otherwise<br/> "
    return legend
  }

  private static func dotID(_ phase: Phase) -> String { "\"\(phase.name)\"" }

  private static func dotEscape(_ text: String) -> String {
    text.replacingAll("\"", with: "\\\"")
  }

  private static func mermaid(_ edges: [GraphEdge]) -> String {
    var out = "flowchart TB\n"
    for phase in restingPhases {
      out +=
        phase.isLive
        ? "  \(mermaidID(phase))[\"\(phase.name)\"]\n" : "  \(mermaidID(phase))([\"\(phase.name)\"])\n"
    }
    for (name, phases) in [("presenting", presentingPhases), ("dismissing", dismissingPhases)] {
      out += "  subgraph \(name)\n"
      for phase in phases { out += "    \(mermaidID(phase))[\"\(phase.name)\"]\n" }
      out += "  end\n"
    }
    var red: [Int] = []
    var grey: [Int] = []
    for (index, edge) in edges.enumerated() {
      var label = edge.triggers.map(\.label).joined(separator: "<br/>")
      if let rule = edge.rule { label += "<br/>[\(rule.rawValue)]" }
      let arrow: String
      switch edge.kind {
      case .move: arrow = "-->"
      case .stay:
        arrow = "-->"
        grey.append(index)
      case .recover, .reject:
        arrow = "-.->"
        red.append(index)
      }
      out += "  \(mermaidID(edge.from)) \(arrow)|\"\(label.replacingAll("\"", with: "#quot;"))\"| "
      out += "\(mermaidID(edge.to))\n"
    }
    if !red.isEmpty {
      out += "  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:#c0392b,color:#c0392b\n"
    }
    if !grey.isEmpty {
      out += "  linkStyle \(grey.map(String.init).joined(separator: ",")) stroke:#9a9a9a,color:#7a7a7a\n"
    }
    return out
  }

  private static func mermaidID(_ phase: Phase) -> String {
    String(phase.name.map { $0 == "." ? "_" : $0 })
  }
}

extension String {
  /// Every occurrence of `target` replaced (without Foundation).
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for character in self {
      if character == target { out += replacement } else { out.append(character) }
    }
    return out
  }
}
