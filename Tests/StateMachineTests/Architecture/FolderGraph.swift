/// The folders of a module's sources and the arrows between them: a folder points to another when one of
/// its files names a type that a file of the other declares (<doc:Architecture#What-an-arrow-means>).
///
/// ```swift
/// let graph = FolderGraph(files: [
///   .init(folder: "Events", text: "struct Event {}"),
///   .init(folder: "Audit", text: "struct Finding { var event: Event }"),
/// ])
/// graph.arrows  // ["Audit": ["Events": ["Event"]]]
/// ```
///
/// The scan reads tokens, not syntax: comments and the text of string literals are skipped (the code of
/// an interpolation is read), and any identifier naming a declared type counts, wherever it stands. A
/// type's own members written after a dot (`.rule`) are not names of types and do not count; a chain
/// such as `TransitionTable.GraphFormat` counts each declared prefix, so a type that an extension nests in
/// another folder's type is found too.
struct FolderGraph {
  /// One source file: the folder it lies in and its text.
  struct File {
    var folder: String
    var text: String
  }

  /// The folders declaring each type name: top-level types as written, nested ones (in a type or in an
  /// extension) with their outer names, `Rule.Kind`. More than one folder means the name is ambiguous.
  private(set) var declarations: [String: Set<String>] = [:]
  /// For each folder, the other folders it points to, with the type names that make each arrow.
  private(set) var arrows: [String: [String: Set<String>]] = [:]
  /// Every folder holding a file, with arrows or without.
  private(set) var folders: Set<String> = []

  /// The module's own name, which may qualify a type (`PresentationStateMachine.Rule`) without naming one.
  static let moduleName = "PresentationStateMachine"

  init(files: [File]) {
    let tokens = files.map { SwiftTokens.scan($0.text) }
    for (file, tokens) in zip(files, tokens) {
      folders.insert(file.folder)
      for name in Self.declaredNames(in: tokens) { declarations[name, default: []].insert(file.folder) }
    }
    for (file, tokens) in zip(files, tokens) {
      for name in Self.referencedChains(in: tokens).flatMap(Self.prefixes) {
        for folder in declarations[name] ?? [] where folder != file.folder {
          arrows[file.folder, default: [:]][folder, default: []].insert(name)
        }
      }
    }
  }

  /// The folders each folder points to, without the names.
  var edges: [String: Set<String>] { arrows.mapValues { Set($0.keys) } }

  /// A way round the graph back to where it began, or `nil` when every path ends.
  var cycle: [String]? {
    let edges = edges
    var finished: Set<String> = []
    var path: [String] = []
    func visit(_ folder: String) -> [String]? {
      if let start = path.firstIndex(of: folder) { return Array(path[start...]) + [folder] }
      guard !finished.contains(folder) else { return nil }
      path.append(folder)
      for next in (edges[folder] ?? []).sorted() {
        if let cycle = visit(next) { return cycle }
      }
      path.removeLast()
      finished.insert(folder)
      return nil
    }
    for folder in folders.sorted() {
      if let cycle = visit(folder) { return cycle }
    }
    return nil
  }

  private static let declaringKeywords: Set<String> = [
    "struct", "enum", "class", "protocol", "actor", "typealias",
  ]
  /// Words that follow `class` when it is a modifier (`class func`) rather than the start of a type.
  private static let notTypeNames: Set<String> = [
    "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "public", "private",
    "internal", "fileprivate", "open", "case", "typealias",
  ]

  /// The qualified names of the types a file declares outside any function or closure.
  static func declaredNames(in tokens: [SwiftTokens.Token]) -> [String] {
    var names: [String] = []
    // The qualified name of each open brace's declaration; `nil` for any other brace (a function's body,
    // a closure), inside which a type is local and no other file can name it.
    var scopes: [String?] = []
    var pending: String?
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      let afterDot = index > 0 && tokens[index - 1] == .dot
      switch token {
      case .open:
        scopes.append(pending)
        pending = nil
      case .close:
        if !scopes.isEmpty { scopes.removeLast() }
      case .identifier("extension") where !afterDot:
        let chain = Self.chain(in: tokens, from: index + 1)
        pending = chain.isEmpty ? nil : chain.joined(separator: ".")
      case .identifier(let keyword) where !afterDot && declaringKeywords.contains(keyword):
        guard index + 1 < tokens.count, case .identifier(let name) = tokens[index + 1],
          !notTypeNames.contains(name)
        else { break }
        let outer = scopes.allSatisfy { $0 != nil } ? scopes.compactMap { $0 } : nil
        let qualified = outer.map { ($0 + [name]).joined(separator: ".") }
        if let qualified { names.append(qualified) }
        // A type alias has no body; a type's body opens at its next brace.
        if keyword != "typealias" { pending = qualified }
        index += 1
      default:
        break
      }
      index += 1
    }
    return names
  }

  /// The dotted chains of identifiers a file writes that do not follow a dot, with the module's name
  /// dropped from their front: `Rule.Kind.ordering` is one chain.
  static func referencedChains(in tokens: [SwiftTokens.Token]) -> [[String]] {
    var chains: [[String]] = []
    for index in tokens.indices {
      guard case .identifier = tokens[index], index == 0 || tokens[index - 1] != .dot else { continue }
      var chain = Self.chain(in: tokens, from: index)
      if chain.first == moduleName { chain.removeFirst() }
      if !chain.isEmpty { chains.append(chain) }
    }
    return chains
  }

  /// `A`, `A.B` and `A.B.C` for the chain `A.B.C`.
  private static func prefixes(_ chain: [String]) -> [String] {
    chain.indices.map { chain[...$0].joined(separator: ".") }
  }

  /// The identifiers from `start` joined by dots.
  private static func chain(in tokens: [SwiftTokens.Token], from start: Int) -> [String] {
    var chain: [String] = []
    var index = start
    while index < tokens.count, case .identifier(let name) = tokens[index] {
      chain.append(name)
      guard index + 2 < tokens.count, tokens[index + 1] == .dot else { break }
      index += 2
    }
    return chain
  }
}
