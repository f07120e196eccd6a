/// The transition table drawn as a graph: phases as nodes, triggers as edges, from the very rows the
/// machine runs on; and its rule-producing entries as a table.
///
/// ```swift
/// print(TransitionTable.graph(.dot))                          // the legal moves
/// print(TransitionTable.graph(.mermaid, includeAll: true))    // every entry, rules marked
/// print(TransitionTable.ruleTable())                          // every rule-producing entry, as Markdown
/// ```
///
/// Three outputs, each readable on its own:
/// - the default drawing holds the legal moves only (`move` entries): the lifecycle a correct app walks.
///   Moves that share their target and triggers are one labelled edge from a junction point that every
///   source phase joins.
/// - `includeAll` adds every other entry: `stay` (layout, appearance, gestures) as grey self-loops, and
///   the rule-producing ones in red, each naming its rule: `recover` dashed to the phase the machine
///   follows the evidence to, `reject` as a dotted self-loop (the event changes nothing). Complete, and
///   dense: for zooming and tools rather than a page.
/// - `ruleTable()` lists every rule-producing entry (rule, events, phases, what the machine does, why)
///   as a Markdown table: the violations the drawings leave out, readable at any width.
///
/// Every pair has one row; a row's guarded decisions are drawn beside its plain one, their notes naming
/// the guard.
extension TransitionTable {
  /// A text format for `graph(_:includeAll:)`.
  package enum GraphFormat: String, CaseIterable, Sendable {
    /// Graphviz: `dot -Tsvg lifecycle.dot -o lifecycle.svg`.
    case dot
    /// A Mermaid flowchart, which GitHub renders inside a ```` ```mermaid ```` block.
    case mermaid
  }

  /// What kind of table entry an edge stands for.
  package enum GraphEdgeKind: String, Sendable, Hashable, CaseIterable {
    case move, recover, reject, stay
  }

  /// One edge of the drawing: every trigger that takes `from` to `to` with the same kind and rule.
  package struct GraphEdge: Sendable, Hashable {
    package var from: Phase
    package var to: Phase
    package var kind: GraphEdgeKind
    /// The rule reported, for `recover` and `reject`.
    package var rule: Rule?
    package var triggers: [Trigger]
    /// The notes of the rows the edge comes from (`Row.note`), shown as the edge's tooltip.
    package var notes: [String]
  }

  /// The edges of the drawing, in table order: for each pair of each row, the decision when no guard holds
  /// and each guarded one (its note naming the guard). Only legal moves, unless `includeAll`.
  package static func graphEdges(includeAll: Bool = false) -> [GraphEdge] {
    struct Key: Hashable {
      var from: Phase
      var to: Phase
      var kind: GraphEdgeKind
      var rule: Rule?
    }
    var order: [Key] = []
    var edges: [Key: GraphEdge] = [:]
    for row in rows {
      let decisions =
        row.entry.guards.map { ($0.decision, "\(row.note) (when \($0.condition.summary))") }
        + [(row.entry.otherwise, row.note)]
      for phase in row.from {
        for trigger in row.triggers {
          for (decision, note) in decisions {
            let kind = edgeKind(decision)
            guard includeAll || kind == .move else { continue }
            let to = decision.target(from: phase)
            // A quiet decision is drawn with the rule it breaks, beside the one that reports it.
            let key = Key(from: phase, to: to, kind: kind, rule: decision.violation)
            var edge =
              edges[key]
              ?? GraphEdge(from: phase, to: to, kind: kind, rule: decision.violation, triggers: [], notes: [])
            if edges[key] == nil { order.append(key) }
            if !edge.triggers.contains(trigger) { edge.triggers.append(trigger) }
            if !edge.notes.contains(note) { edge.notes.append(note) }
            edges[key] = edge
          }
        }
      }
    }
    return order.compactMap { edges[$0] }
  }

  private static func edgeKind(_ decision: TableDecision) -> GraphEdgeKind {
    switch decision {
    case .move, .resume: .move
    case .recover, .recoverQuietly: .recover
    case .reject, .rejectQuietly: .reject
    case .stay, .aside: .stay
    }
  }

  /// The table rendered as Graphviz DOT or a Mermaid flowchart.
  package static func graph(_ format: GraphFormat, includeAll: Bool = false) -> String {
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
        graph [rankdir=TB, fontname="Helvetica", fontsize=13, nodesep=0.25, ranksep=0.4, newrank=true, \
      labelloc=t, label=<\(dotLegend(includeAll: includeAll))>];
        node [shape=box, style="rounded,filled", fillcolor="#f4f6fa", color="#5b6b82", fontname="Helvetica", \
      fontsize=12, height=0.3];
        edge [fontname="Helvetica", fontsize=10, color="#222222", penwidth=1.3, arrowsize=0.7];

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
    // The phases a transition ends in are drawn a second time where the next transition starts, so
    // that no legal move runs back up the page.
    out += "  { rank=same; \(dotID(.absent)) -> \(dotAgainID(.withdrawn)) -> \(dotAgainID(.dismissed)) "
    out += "[style=invis]; }\n"
    out += "  { rank=same; \(dotID(.presented)) -> \(dotAgainID(.restored)) [style=invis]; }\n"
    for phase in restartingPhases {
      let style =
        phase.isLive
        ? "style=\"rounded,filled,bold\", fillcolor=\"#dff0d8\", color=\"#3c763d\""
        : "shape=ellipse, style=filled, fillcolor=\"#eeeeee\", color=\"#888888\""
      out += "  \(dotAgainID(phase)) [label=\"\(phase.name)\", \(style), "
      out += "tooltip=\"\(phase.name), drawn again where its next transition starts\"];\n"
    }
    // Legal moves first: they shape the layout. Then stays, then violations, out of the layout's way.
    out += dotBundled(edges.filter { $0.kind == .move }, prefix: "move")
    for edge in edges where edge.kind == .stay {
      let tooltip = "\(edge.from.name) → \(edge.to.name): " + edge.notes.joined(separator: "; ")
      out += "  \(dotID(edge.from)) -> \(dotID(edge.to)) "
      out += "[label=\"\(dotEscape(edge.triggers.map(\.label).joined(separator: "\\n")))\", "
      out += "color=\"#9a9a9a\", fontcolor=\"#7a7a7a\", penwidth=0.8, fontsize=8, "
      out += "tooltip=\"\(dotEscape(tooltip))\"];\n"
    }
    out += dotBundled(edges.filter { $0.kind == .recover || $0.kind == .reject }, prefix: "violation")
    out += "}\n"
    return out
  }

  /// Edges drawn with their triggers (and rule) as the label. Edges of one kind that share their
  /// target, rule and triggers are bundled: one labelled edge into the target from a junction point that
  /// every source phase joins.
  private static func dotBundled(_ edges: [GraphEdge], prefix: String) -> String {
    struct Bundle {
      var to: Phase
      var kind: GraphEdgeKind
      var rule: Rule?
      var triggers: [Trigger]
      var edges: [GraphEdge] = []
    }
    var bundles: [Bundle] = []
    for edge in edges {
      if edge.kind != .reject,
        let index = bundles.firstIndex(where: {
          $0.kind == edge.kind && $0.to == edge.to && $0.rule == edge.rule && $0.triggers == edge.triggers
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
      let style: String
      let join: String
      switch bundle.kind {
      case .move, .stay:
        style = ""
        join = "penwidth=1.3"
      case .recover:
        style =
          ", style=dashed, color=\"\(red)\", fontcolor=\"\(red)\", penwidth=0.8, fontsize=8, arrowsize=0.5, "
          + "constraint=false"
        join = "style=dashed, color=\"\(lightRed)\", penwidth=0.8, constraint=false"
      case .reject:
        style = ", style=dotted, color=\"\(red)\", fontcolor=\"\(red)\", penwidth=0.9, fontsize=8"
        join = "style=dotted, color=\"\(red)\""
      }
      guard bundle.edges.count > 1 else {
        let from = bundle.edges.first?.from ?? bundle.to
        out +=
          "  \(dotSource(from, bundle.kind)) -> \(dotID(bundle.to)) [label=\"\(dotEscape(label))\"\(style), "
        out += "tooltip=\"\(tooltip)\"];\n"
        continue
      }
      junctions += 1
      let junction = "\"\(prefix) \(junctions)\""
      let color = bundle.kind == .move ? "#222222" : lightRed
      out += "  \(junction) [shape=point, width=0.05, color=\"\(color)\", tooltip=\"\(tooltip)\"];\n"
      for edge in bundle.edges {
        out += "  \(dotSource(edge.from, bundle.kind)) -> \(junction) [\(join), arrowhead=none, "
        out += "tooltip=\"\(tooltip)\"];\n"
      }
      out += "  \(junction) -> \(dotID(bundle.to)) [label=\"\(dotEscape(label))\"\(style), "
      out += "tooltip=\"\(tooltip)\"];\n"
    }
    return out
  }

  private static func dotLegend(includeAll: Bool) -> String {
    var legend =
      "<b>The lifecycle of one presentation</b> (replay graph\(includeAll ? " --all" : ""), drawn from "
      + "TransitionTable.rows)<br/>"
    if includeAll {
      legend +=
        "black: a legal move (a dot joins the phases an edge leaves from; withdrawn, dismissed and "
        + "restored are drawn again where the next transition starts)<br/>"
        + "<font color=\"#7a7a7a\">grey: legal, the phase does not change</font><br/>"
        + "<font color=\"\(red)\">dashed red: a violation [rule id]; the machine follows the evidence"
        + "     dotted red: refused [rule id], the phase does not change</font><br/>"
        + "any pair not drawn: event-out-of-phase in a live phase, unknown-presentation otherwise<br/> "
    } else {
      legend +=
        "the legal moves (a dot joins the phases an edge leaves from)<br/>"
        + "withdrawn, dismissed and restored appear twice: where a transition ends, where the next starts"
        + "<br/>any other event in a phase reports a rule: replay graph --violations lists them<br/> "
    }
    return legend
  }

  private static func dotID(_ phase: Phase) -> String { "\"\(phase.name)\"" }

  /// The phases where a transition ends and the next may start; their legal moves leave from a second
  /// node drawn where that next transition starts.
  private static let restartingPhases: [Phase] = [.withdrawn, .dismissed, .restored]

  private static func dotAgainID(_ phase: Phase) -> String { "\"\(phase.name) (again)\"" }

  private static func dotSource(_ phase: Phase, _ kind: GraphEdgeKind) -> String {
    kind == .move && restartingPhases.contains(phase) ? dotAgainID(phase) : dotID(phase)
  }

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
    // As in the DOT drawing, legal moves out of a phase a transition ends in leave from a second node.
    for phase in restartingPhases where edges.contains(where: { $0.kind == .move && $0.from == phase }) {
      out +=
        phase.isLive
        ? "  \(mermaidID(phase))_again[\"\(phase.name)\"]\n"
        : "  \(mermaidID(phase))_again([\"\(phase.name)\"])\n"
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
      let from =
        edge.kind == .move && restartingPhases.contains(edge.from)
        ? mermaidID(edge.from) + "_again" : mermaidID(edge.from)
      out += "  \(from) \(arrow)|\"\(label.replacingAll("\"", with: "#quot;"))\"| "
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

  /// Phases as code spans, every phase of one direction shortened to `presenting.*` or `dismissing.*`.
  private static func phaseList(_ phases: [Phase]) -> String {
    var rest = phases
    var parts: [String] = []
    for (name, group) in [("presenting", presentingPhases), ("dismissing", dismissingPhases)]
    where group.allSatisfy(rest.contains) {
      rest.removeAll { group.contains($0) }
      parts.append("`\(name).*`")
    }
    return (parts + rest.map { "`\($0.name)`" }).joined(separator: ", ")
  }

  private static func mermaidID(_ phase: Phase) -> String {
    String(phase.name.map { $0 == "." ? "_" : $0 })
  }

  /// Every rule-producing entry of the table (what the drawings leave out by default), as a Markdown
  /// table in the order of the rule catalog: the rule and its severity, the events, the phases they
  /// arrive in, what the machine does (follows the evidence to a phase, or refuses and stays), and the
  /// row's note.
  ///
  /// ```swift
  /// print(TransitionTable.ruleTable())  // | rule | event | in phase | then | why |
  /// ```
  ///
  /// The pairs of one row with the same events and outcome are one line listing every phase.
  package static func ruleTable() -> String {
    struct Line {
      var rule: Rule
      var triggers: [Trigger]
      var to: Phase?
      var note: String
      var from: [Phase]
    }
    var lines: [Line] = []
    for row in rows {
      let decisions =
        row.entry.guards.map { ($0.decision, "\(row.note) (when \($0.condition.summary))") }
        + [(row.entry.otherwise, row.note)]
      for (decision, note) in decisions {
        guard let rule = decision.rule else { continue }
        for phase in row.from {
          let to: Phase? = decision.isRejection ? nil : decision.target(from: phase)
          if let index = lines.firstIndex(where: {
            $0.note == note && $0.rule == rule && $0.triggers == row.triggers && $0.to == to
          }) {
            lines[index].from.append(phase)
          } else {
            lines.append(Line(rule: rule, triggers: row.triggers, to: to, note: note, from: [phase]))
          }
        }
      }
    }
    let order = Dictionary(uniqueKeysWithValues: Rule.allCases.enumerated().map { ($1, $0) })
    lines = lines.enumerated().sorted {
      (order[$0.element.rule] ?? 0, $0.offset) < (order[$1.element.rule] ?? 0, $1.offset)
    }.map(\.element)
    var out = """
      # Rule-producing entries of the transition table

      Generated by `replay graph --violations` from `TransitionTable.rows`, the table the machine runs on:
      every (phase, event) pair a row lists that reports a rule, in the order of the rule catalog. The
      legal moves are drawn in [lifecycle.svg](lifecycle.svg) (`replay graph`); `replay graph --all` draws
      these entries too, in red, each naming its rule. `presenting.*` and `dismissing.*` stand for every
      phase of that transition.

      | rule | event | in phase | then | why |
      | --- | --- | --- | --- | --- |

      """
    for line in lines {
      let then = line.to.map { "goes to `\($0.name)` (follows the evidence)" } ?? "refused, the phase stays"
      let cells = [
        "`\(line.rule.rawValue)` (\(line.rule.severity.rawValue))",
        line.triggers.map { "`\($0.label)`" }.joined(separator: ", "),
        phaseList(line.from),
        then,
        line.note.replacingAll("|", with: "\\|"),
      ]
      out += "| " + cells.joined(separator: " | ") + " |\n"
    }
    out +=
      "\nEvery pair of phase and event has exactly one row in the table: a pair not listed here is legal, "
      + "and drawn by `replay graph --all`.\n"
    return out
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
