import Testing

@testable import Replay
@testable import StateMachine

@Suite struct GraphCommandTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(["graph"] + arguments, context: ReplayCLI.Context())
  }

  /// Every (phase, trigger) pair a row lists, with the entry the machine applies to it.
  static var listedPairs: [(phase: Phase, trigger: Trigger, entry: TableEntry, row: TransitionTable.Row)] {
    TransitionTable.rows.flatMap { row in
      row.from.flatMap { phase in
        row.triggers.map { trigger in (phase, trigger, TransitionTable.entry(phase, trigger), row) }
      }
    }
  }

  @Test func withAllEveryPairOfEveryRowIsAnEdge() {
    let edges = TransitionTable.graphEdges(includeAll: true)
    for pair in Self.listedPairs {
      let found = edges.contains { edge in
        edge.from == pair.phase && edge.to == pair.entry.target(from: pair.phase)
          && edge.rule == pair.entry.rule
          && edge.triggers.contains(pair.trigger)
      }
      #expect(found, "no edge for \(pair.phase.name) --\(pair.trigger.label)--> (\(pair.row.note))")
    }
  }

  @Test func withAllEveryRowAppearsInTheDrawing() {
    let dot = run(["--all"]).stdout
    let mermaid = run(["--all", "--format", "mermaid"]).stdout
    for row in TransitionTable.rows {
      // A row whose every pair an earlier row already decides never applies: the machine cannot reach it.
      let applies = row.from.contains { phase in
        row.triggers.contains { TransitionTable.entry(phase, $0) == row.entry }
      }
      #expect(applies, "row never applies (earlier rows decide all its pairs): \(row.note)")
      guard applies else { continue }
      #expect(dot.contains(row.note), "the DOT drawing lacks the row: \(row.note)")
      for phase in row.from {
        for trigger in row.triggers where TransitionTable.entry(phase, trigger) == row.entry {
          #expect(dot.contains("\"\(phase.name)\" -> "), "\(phase.name)")
          #expect(dot.contains(trigger.label), "\(trigger.label)")
          #expect(mermaid.contains(Self.mermaidID(phase) + " "), "\(phase.name)")
        }
      }
      if let rule = row.entry.rule {
        #expect(dot.contains("[\(rule.rawValue)]"))
        #expect(mermaid.contains("[\(rule.rawValue)]"))
      }
    }
  }

  @Test func theDefaultDrawsLegalMovesAndRecoveriesOnly() {
    let edges = TransitionTable.graphEdges()
    #expect(edges.allSatisfy { $0.kind == .move || $0.kind == .recover })
    for pair in Self.listedPairs {
      switch pair.entry {
      case .move, .recover:
        #expect(
          edges.contains {
            $0.from == pair.phase && $0.to == pair.entry.target(from: pair.phase)
              && $0.triggers.contains(pair.trigger)
          }, "\(pair.phase.name) \(pair.trigger.label)")
      case .stay, .reject: break
      }
    }
    let dot = run([]).stdout
    #expect(dot.hasPrefix("digraph lifecycle {"))
    #expect(dot.hasSuffix("}\n"))
    #expect(!dot.contains("style=dotted"))  // no rejection
    #expect(
      dot.contains(
        "\"presented\" -> \"dismissing.requested\" [label=\"dismiss\\npresentationControllerWillDismiss\""))
    #expect(dot.contains("[complete-contradicts-cancel]"))
    // Recoveries are red and dashed; every legal move of the table is a solid edge.
    let moves = edges.filter { $0.kind == .move }
    for edge in moves {
      #expect(
        dot.contains(
          "\"\(edge.from.name)\" -> \"\(edge.to.name)\" [label=\"\(edge.triggers.map(\.label).joined(separator: "\\n"))\""
        ))
    }
  }

  @Test func theDrawingIsWellFormed() {
    for format in ["dot", "mermaid"] {
      for arguments in [["--format", format], ["--format", format, "--all"]] {
        let result = run(arguments)
        #expect(result.status == 0)
        let text = result.stdout
        #expect(text.filter { $0 == "\"" }.count - text.components(separatedBy: "\\\"").count + 1 >= 0)
        #expect(text.filter { $0 == "{" }.count == text.filter { $0 == "}" }.count, "\(arguments)")
        #expect(text.filter { $0 == "[" }.count == text.filter { $0 == "]" }.count, "\(arguments)")
      }
    }
    let mermaid = run(["--format", "mermaid"]).stdout
    #expect(mermaid.hasPrefix("flowchart TB\n"))
    #expect(mermaid.contains("absent -->|\"present\"| presenting_requested"))
    #expect(mermaid.contains("linkStyle "))
  }

  @Test func usageErrorsAndHelp() {
    #expect(run(["--help"]).stdout.contains("USAGE: replay graph"))
    #expect(run(["--format", "png"]).status == 64)
    #expect(run(["--format", "png"]).stderr.contains("dot or mermaid"))
    #expect(run(["extra"]).status == 64)
    #expect(run(["--al"]).stderr.contains("did you mean '--all'"))
  }

  static func mermaidID(_ phase: Phase) -> String { String(phase.name.map { $0 == "." ? "_" : $0 }) }
}
