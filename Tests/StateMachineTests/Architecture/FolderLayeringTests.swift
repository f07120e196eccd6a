import Foundation
import Testing

/// The library's folders form one-way layers (<doc:Architecture>): the type names each folder's files use
/// are read from the sources and must make exactly the arrows declared here, every one pointing down.
@Suite struct FolderLayeringTests {
  /// The layers from the bottom up; a folder names types of lower layers only.
  static let layers: [[String]] = [
    ["Support"],
    ["Events"],
    ["Lifecycle"],
    ["Trace"],
    ["Audit"],
    ["Report"],
    ["Reconstruction", "Recording", "Snapshots", "TimeTravel", "Fixtures"],
    ["Export", "Statistics", "Fuzzing"],
  ]

  /// Each folder's arrows: the folders whose types its files name.
  static let arrows: [String: Set<String>] = [
    "Support": [],
    "Events": ["Support"],
    "Lifecycle": ["Support", "Events"],
    "Trace": ["Support", "Events", "Lifecycle"],
    "Audit": ["Support", "Events", "Lifecycle", "Trace"],
    "Report": ["Support", "Events", "Lifecycle", "Trace", "Audit"],
    "Reconstruction": ["Events", "Lifecycle", "Trace", "Audit", "Report"],
    "Recording": ["Support", "Events", "Trace", "Audit", "Report"],
    "Snapshots": ["Lifecycle", "Trace", "Audit", "Report"],
    "TimeTravel": ["Support", "Events", "Lifecycle", "Trace", "Audit", "Report"],
    "Fixtures": ["Lifecycle", "Trace", "Audit", "Report"],
    "Export": ["Support", "Lifecycle", "Trace", "Audit", "Report", "Reconstruction"],
    "Statistics": ["Support", "Trace", "Reconstruction"],
    "Fuzzing": ["Support", "Events", "Lifecycle", "Trace", "Audit", "Report", "Fixtures"],
  ]

  static let sources = "Sources/StateMachine"

  /// The library's Swift files, each in the top folder it lies under (`Lifecycle/Table/…` is Lifecycle's).
  static func libraryFiles() throws -> [FolderGraph.File] {
    try DocumentationTests.texts(under: sources, extensions: [".swift"]).map { path, text in
      let inside = path.dropFirst(sources.count + 1).split(separator: "/")
      return FolderGraph.File(folder: inside.count > 1 ? String(inside[0]) : "", text: text)
    }
  }

  /// The library's graph, read once for all the tests that look at it.
  static let library = Result { try FolderGraph(files: libraryFiles()) }

  static func layer(of folder: String) -> Int? { layers.firstIndex { $0.contains(folder) } }

  /// What keeps `graph` from being the declared layering, one message for each arrow too many or missing.
  static func differences(of graph: FolderGraph) -> [String] {
    var messages: [String] = []
    for folder in Set(arrows.keys).union(graph.folders).sorted() {
      let found = graph.arrows[folder] ?? [:]
      let declared = arrows[folder] ?? []
      for target in Set(found.keys).subtracting(declared).sorted() {
        let names = (found[target] ?? []).sorted().joined(separator: ", ")
        messages.append("\(folder) names \(target)'s \(names), an arrow the layering does not declare")
      }
      for target in declared.subtracting(found.keys).sorted() {
        messages.append("\(folder) → \(target) is declared, but \(folder) names no type of \(target)")
      }
    }
    return messages
  }

  @Test func everyFolderHasOnePlace() throws {
    let graph = try Self.library.get()
    let placed = Self.layers.flatMap { $0 }
    #expect(placed.count == Set(placed).count, "a folder in two layers: \(placed)")
    #expect(graph.folders == Set(placed), "folders with files versus folders placed in a layer")
    #expect(Set(Self.arrows.keys) == Set(placed), "folders with declared arrows versus folders placed")
    // Read the library at all, or every other check would pass on nothing.
    #expect(graph.declarations.count > 100)
  }

  @Test func theFoldersNameExactlyTheDeclaredArrows() throws {
    let graph = try Self.library.get()
    for message in Self.differences(of: graph) { Issue.record(Comment(rawValue: message)) }
  }

  @Test func everyDeclaredArrowPointsDown() {
    for (folder, targets) in Self.arrows {
      for target in targets {
        let from = Self.layer(of: folder) ?? -1
        let to = Self.layer(of: target) ?? .max
        #expect(from > to, "\(folder) (layer \(from)) → \(target) (layer \(to)) does not point down")
      }
    }
  }

  @Test func theFoldersFormNoCycle() throws {
    let graph = try Self.library.get()
    let cycle = graph.cycle
    #expect(cycle == nil, "a cycle: \(cycle?.joined(separator: " → ") ?? "")")
  }

  /// One folder per name, or an arrow could not say which folder a name points to.
  @Test func everyTypeNameIsDeclaredInOneFolder() throws {
    let graph = try Self.library.get()
    for (name, folders) in graph.declarations where folders.count > 1 {
      Issue.record("\(name) is declared in \(folders.sorted().joined(separator: " and "))")
    }
  }

  /// A lower folder naming a higher one's type is caught: as an undeclared arrow, and as a cycle.
  @Test func aBackEdgeIsCaught() throws {
    let backEdge = FolderGraph.File(
      folder: "Events", text: "extension Event {\n  var finding: Finding? { nil }\n}\n")
    let graph = try FolderGraph(files: Self.libraryFiles() + [backEdge])
    #expect(graph.arrows["Events"]?["Audit"] == ["Finding"])
    #expect(
      Self.differences(of: graph) == ["Events names Audit's Finding, an arrow the layering does not declare"])
    let cycle = try #require(graph.cycle)
    #expect(cycle.first == cycle.last && cycle.contains("Events") && cycle.contains("Audit"), "\(cycle)")
  }

  @Test func anArrowTheCodeNoLongerMakesIsCaught() throws {
    let graph = try FolderGraph(
      files: Self.libraryFiles().filter { $0.folder != "Fuzzing" || !$0.text.contains("ExpectEntry") })
    #expect(
      Self.differences(of: graph).contains(
        "Fuzzing → Fixtures is declared, but Fuzzing names no type of Fixtures"))
  }

  @Test func commentsAndTheTextOfStringsNameNothing() {
    let graph = FolderGraph(files: [
      .init(folder: "Low", text: "struct Quiet {}\nstruct Loud {}\nstruct Raw {}\nstruct Inner {}"),
      .init(
        folder: "High",
        text: ##"""
          // Quiet in a comment
          /* Quiet /* nested */ Quiet */
          let a = "Quiet \"Quiet\" \(Loud.self) Quiet"
          let b = #"Quiet \(Quiet) \#(Raw.self)"#
          let c = """
            Quiet "Quiet" \("Quiet \(Inner.self)")
            """
          let d = x.Quiet
          """##),
    ])
    #expect(graph.arrows["High"]?["Low"] == ["Loud", "Raw", "Inner"])
  }

  @Test func theTokenizerKeepsCodeAndInterpolationsOnly() {
    #expect(SwiftTokens.scan(#"Rule.x // Finding"#) == [.identifier("Rule"), .dot, .identifier("x")])
    #expect(
      SwiftTokens.scan(#""Finding \(Event.self)""#) == [
        .other, .identifier("Event"), .dot, .identifier("self"), .other, .other,
      ])
  }

  @Test func aTypeNestedInAnExtensionBelongsToTheExtensionsFolder() {
    let graph = FolderGraph(files: [
      .init(folder: "Low", text: "public struct Table {\n  struct Row {}\n}"),
      .init(
        folder: "Middle",
        text: "extension Table {\n  enum Graph { case dot }\n  func f() { struct Local {} }\n}"),
      .init(folder: "High", text: "let g = PresentationStateMachine.Table.Graph.dot\nlet r: Table.Row"),
    ])
    #expect(graph.declarations["Table.Graph"] == ["Middle"])
    #expect(graph.declarations["Table.Row"] == ["Low"])
    #expect(graph.declarations["Local"] == nil && graph.declarations["Table.Local"] == nil)
    #expect(graph.arrows["High"] == ["Low": ["Table", "Table.Row"], "Middle": ["Table.Graph"]])
    #expect(graph.arrows["Middle"] == ["Low": ["Table"]])
  }

  /// The article's table lists each folder with its layer and its arrows, as declared here.
  @Test func theArchitectureArticleShowsTheLayering() throws {
    let article = try DocumentationTests.read("\(DocumentationTests.catalog)/Architecture.md")
    var listed: [String: (layer: Int, arrows: Set<String>)] = [:]
    for row in article.split(separator: "\n") where row.hasPrefix("| ") {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 4, let layer = Int(cells[0]) else { continue }
      let folder = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let arrows = cells[3].split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
      }
      listed[folder] = (layer, Set(arrows.filter { $0 != "none" }))
    }
    #expect(Set(listed.keys) == Set(Self.arrows.keys), "folders in Architecture.md's table")
    for (folder, row) in listed {
      #expect(row.layer == Self.layer(of: folder), "Architecture.md puts \(folder) in layer \(row.layer)")
      #expect(row.arrows == Self.arrows[folder], "Architecture.md's arrows of \(folder)")
    }
  }
}
