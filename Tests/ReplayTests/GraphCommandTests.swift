import Foundation
import Testing

@testable import PresentationStateMachine
@testable import Replay

@Suite struct GraphCommandTests {
  func run(_ arguments: [String]) -> ReplayCLI.Result {
    ReplayCLI.run(["graph"] + arguments, context: ReplayCLI.Context())
  }

  /// Every (phase, trigger) pair a row lists, with each decision the row can make for it (its guarded
  /// ones and the one when no guard holds).
  static var listedPairs: [(phase: Phase, trigger: Trigger, entry: TableDecision, row: TransitionTable.Row)] {
    TransitionTable.rows.flatMap { row in
      row.from.flatMap { phase in
        row.triggers.flatMap { trigger in row.entry.decisions.map { (phase, trigger, $0, row) } }
      }
    }
  }

  @Test func withAllEveryPairOfEveryRowIsAnEdge() {
    let edges = TransitionTable.graphEdges(includeAll: true)
    for pair in Self.listedPairs {
      let found = edges.contains { edge in
        edge.from == pair.phase && edge.to == pair.entry.target(from: pair.phase)
          && edge.rule == pair.entry.violation
          && edge.triggers.contains(pair.trigger)
      }
      #expect(found, "no edge for \(pair.phase.name) --\(pair.trigger.label)--> (\(pair.row.note))")
    }
  }

  @Test func withAllEveryRowAppearsInTheDrawing() {
    let dot = run(["--all"]).stdout
    let mermaid = run(["--all", "--format", "mermaid"]).stdout
    for row in TransitionTable.rows {
      #expect(dot.contains(row.note), "the DOT drawing lacks the row: \(row.note)")
      for phase in row.from {
        for trigger in row.triggers {
          #expect(dot.contains("\"\(phase.name)\" -> "), "\(phase.name)")
          #expect(dot.contains(trigger.label), "\(trigger.label)")
          #expect(mermaid.contains(Self.mermaidID(phase) + " "), "\(phase.name)")
        }
      }
      for rule in row.entry.decisions.compactMap(\.rule) {
        #expect(dot.contains("[\(rule.rawValue)]"))
        #expect(mermaid.contains("[\(rule.rawValue)]"))
      }
    }
  }

  @Test func theDefaultDrawsTheLegalMovesOnly() {
    let edges = TransitionTable.graphEdges()
    #expect(edges.allSatisfy { $0.kind == .move })
    for pair in Self.listedPairs {
      guard case .move = pair.entry else { continue }
      #expect(
        edges.contains {
          $0.from == pair.phase && $0.to == pair.entry.target(from: pair.phase)
            && $0.triggers.contains(pair.trigger)
        }, "\(pair.phase.name) \(pair.trigger.label)")
    }
    let dot = run([]).stdout
    #expect(dot.hasPrefix("digraph lifecycle {"))
    #expect(dot.hasSuffix("}\n"))
    #expect(!dot.contains("style=dotted") && !dot.contains("style=dashed, color"))  // no violation
    #expect(!dot.contains("[id-in-use]") && !dot.contains("[event-out-of-phase]"))
    // A move with one source is one labelled edge; moves that share target and triggers meet at a junction.
    #expect(
      dot.contains("\"dismissed (again)\" -> \"dismissing.began\" [label=\"dismissalTransitionWillBegin\""))
    #expect(dot.contains("-> \"presenting.animating\" [label=\"animateTransition\\ninterruptibleAnimator\""))
    #expect(
      dot.contains("-> \"dismissing.requested\" [label=\"dismiss\\npresentationControllerWillDismiss\""))
    #expect(dot.contains("\"presented\" -> \"move "))
    #expect(dot.contains("\"restored (again)\" -> \"move "))
    for edge in edges {
      #expect(dot.contains("[label=\"\(edge.triggers.map(\.label).joined(separator: "\\n"))\""))
      let source =
        [.withdrawn, .dismissed, .restored].contains(edge.from) ? "\(edge.from.name) (again)" : edge.from.name
      #expect(dot.contains("\"\(source)\" -> "), "\(edge.from.name)")
    }
  }

  /// Every rule-producing pair the table lists is a line of `--violations`: its rule, its event, its
  /// phase (or the phase's whole direction), and where the machine goes.
  @Test func theViolationsTableListsEveryRuleProducingPair() throws {
    let result = run(["--violations"])
    #expect(result.status == .clean)
    let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
      $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    var covered = 0
    for pair in Self.listedPairs {
      guard let rule = pair.entry.rule else { continue }
      let phaseCell = "`\(pair.phase.name)`"
      let groupCell = pair.phase.direction.map { "`\($0.rawValue).*`" }
      let then =
        pair.entry.isRejection
        ? "refused, the phase stays"
        : "goes to `\(pair.entry.target(from: pair.phase).name)` (follows the evidence)"
      let found = rows.contains { cells in
        cells.count >= 5 && cells[0].hasPrefix("`\(rule.rawValue)`")
          && cells[1].split(separator: ", ").contains("`\(pair.trigger.label)`"[...])
          && cells[2].split(separator: ", ").contains {
            $0 == phaseCell || $0 == groupCell.map { Substring($0) }
          }
          && cells[3] == then
      }
      #expect(found, "no line for \(pair.phase.name) --\(pair.trigger.label)--> [\(rule.rawValue)]")
      covered += 1
    }
    #expect(covered > 50)
    #expect(run(["--violations", "--all"]).status == .usage)
    #expect(run(["--violations", "--format", "dot"]).status == .usage)
  }

  /// Quotes come in pairs on every line (an escaped quote does not count), and brackets balance.
  static func wellFormed(_ text: String) -> [String] {
    var problems: [String] = []
    for (number, line) in text.split(separator: "\n").enumerated() {
      var quotes = 0
      var escaped = false
      for character in line {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          quotes += 1
        }
      }
      if quotes % 2 != 0 { problems.append("line \(number + 1) has an unpaired quote: \(line)") }
    }
    let pairs: [(open: Character, close: Character)] = [("{", "}"), ("[", "]")]
    for (open, close) in pairs where text.filter({ $0 == open }).count != text.filter({ $0 == close }).count {
      problems.append("\(open) and \(close) do not balance")
    }
    return problems
  }

  @Test func theDrawingIsWellFormed() {
    for format in ["dot", "mermaid"] {
      for arguments in [["--format", format], ["--format", format, "--all"]] {
        let result = run(arguments)
        #expect(result.status == .clean)
        #expect(Self.wellFormed(result.stdout) == [], "\(arguments)")
      }
    }
    #expect(Self.wellFormed("a [label=\"x\\\"y\"];\n") == [])
    #expect(Self.wellFormed("a [label=\"x\\\"y];\n") != [])
    #expect(Self.wellFormed("a [label=\"x\"];\nb [label=\"y];\n") != [])
    let mermaid = run(["--format", "mermaid"]).stdout
    #expect(mermaid.hasPrefix("flowchart TB\n"))
    #expect(mermaid.contains("absent -->|\"present\"| presenting_requested"))
    #expect(mermaid.contains("withdrawn_again -->|\"present\"| presenting_requested"))
    #expect(!mermaid.contains("linkStyle "))  // legal moves only: nothing red or grey
    #expect(run(["--format", "mermaid", "--all"]).stdout.contains("linkStyle "))
  }

  static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Docs")

  /// The committed diagram source and table are what `replay graph` prints today: regenerate them with
  /// `swift run replay graph > Docs/lifecycle.dot`, `... --violations > Docs/lifecycle-violations.md`,
  /// then `dot -Tsvg Docs/lifecycle.dot -o Docs/lifecycle.svg`.
  @Test(arguments: [("lifecycle.dot", [String]()), ("lifecycle-violations.md", ["--violations"])])
  func theCommittedDocsAreUpToDate(_ file: String, _ arguments: [String]) throws {
    let committed = try String(contentsOf: Self.docs.appendingPathComponent(file), encoding: .utf8)
    #expect(committed == run(arguments).stdout, "Docs/\(file) is stale: swift run replay graph \(arguments)")
  }

  @Test func theCommittedSVGIsTheRenderedDiagram() throws {
    let svg = try String(contentsOf: Self.docs.appendingPathComponent("lifecycle.svg"), encoding: .utf8)
    #expect(svg.contains("<svg"))
    // Every phase and every legal move's label is in the picture (Graphviz writes them as text).
    for phase in Phase.allCases { #expect(svg.contains(">\(phase.name)</text>"), "\(phase.name)") }
    for edge in TransitionTable.graphEdges() {
      for trigger in edge.triggers { #expect(svg.contains(">\(trigger.label)</text>"), "\(trigger.label)") }
    }
  }

  /// Graphviz accepts both drawings (skipped, saying why, when `dot` is not installed).
  @Test func graphvizRendersTheDrawings() throws {
    let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin")
      .split(separator: ":").map { "\($0)/dot" }
    guard let dot = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      print("skipped: Graphviz's dot is not on PATH (apt-get install graphviz)")
      try Test.cancel("Graphviz's dot is not on PATH")
    }
    for arguments in [[], ["--all"]] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: dot)
      process.arguments = ["-Tsvg"]
      let input = Pipe()
      let output = Pipe()
      let errors = Pipe()
      process.standardInput = input
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let source = run(arguments).stdout
      // Read the output while writing, so a full pipe cannot block either side.
      let reader = Thread { _ = output.fileHandleForReading.readDataToEndOfFile() }
      reader.start()
      input.fileHandleForWriting.write(Data(source.utf8))
      try input.fileHandleForWriting.close()
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "dot -Tsvg failed for replay graph \(arguments): \(message)")
      #expect(!message.contains("Warning"), "\(message)")
    }
  }

  @Test func usageErrorsAndHelp() {
    #expect(run(["--help"]).stdout.contains("USAGE: replay graph"))
    #expect(run(["--format", "png"]).status == .usage)
    #expect(run(["--format", "png"]).stderr.contains("dot or mermaid"))
    #expect(run(["extra"]).status == .usage)
    #expect(run(["--al"]).stderr.contains("did you mean '--all'"))
  }

  static func mermaidID(_ phase: Phase) -> String { String(phase.name.map { $0 == "." ? "_" : $0 }) }
}
