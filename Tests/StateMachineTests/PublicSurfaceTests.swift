import Foundation
import Testing

/// The library's public surface stays what a user needs (the Architecture article's "What stays public"):
/// at most 40 public types at file scope, counted from the sources, so a type made public without a reason
/// fails here. `Tests/PublicSurface/public-surface.sh` counts the same from the compiler's symbol graph, with
/// the public declarations that lack a doc comment.
@Suite struct PublicSurfaceTests {
  static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/StateMachine")
  static let limit = 40

  @Test func theLibraryDeclaresAtMost40PublicTypesAtFileScope() throws {
    let files = try #require(FileManager.default.enumerator(atPath: Self.library.path)).compactMap {
      $0 as? String
    }
    .filter { $0.hasSuffix(".swift") }.sorted()
    var types: [String] = []
    for file in files {
      let source = try String(contentsOf: Self.library.appendingPathComponent(file), encoding: .utf8)
      types += Self.publicFileScopeTypes(in: source)
    }
    #expect(types.count >= 20, "the scan found too few types to be reading the library: \(types)")
    #expect(
      types.count <= Self.limit,
      "\(types.count) public types at file scope, at most \(Self.limit): nest a companion in the type it serves or make it package: \(types.sorted().joined(separator: ", "))"
    )
  }

  /// The scan counts what the compiler would make public at file scope, and nothing in a comment, a
  /// string or a type's body.
  @Test func theScanSeesEveryFileScopeDeclarationAndNothingElse() {
    let source = #"""
      /// A doc comment naming public struct InDocComment {
      @available(macOS 10.15, *) public final class Attributed {}
      public indirect enum Indirect { case leaf, node(Indirect) }
      public typealias Alias = Int
      extension Attributed {
        public struct Nested {}
      }
      let text = "public struct InString { \("{")"
      let raw = #"public struct InRaw {"#
      let block = """
        public struct InMultilineString {
        """
      #if canImport(Darwin)
        public protocol Conditional {}
      #endif
      // public struct InLineComment {
      package struct Package {}
      open class Open {}
      public struct Last {}
      """#
    #expect(
      Self.publicFileScopeTypes(in: source) == [
        "Attributed", "Indirect", "Alias", "Conditional", "Open", "Last",
      ])
  }

  /// The names of the public (or open) types declared at file scope in `source`: lines that start outside
  /// every brace, comment and string literal.
  static func publicFileScopeTypes(in source: String) -> [String] {
    let bytes = Array(source.utf8)
    var names: [String] = []
    var depth = 0
    var index = 0
    var atLineStart = true
    while index < bytes.count {
      if atLineStart {
        atLineStart = false
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if depth == 0,
          let name = publicTypeName(declaredBy: String(decoding: bytes[index..<end], as: UTF8.self))
        {
          names.append(name)
        }
      }
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        atLineStart = true
        index += 1
      case UInt8(ascii: "{"):
        depth += 1
        index += 1
      case UInt8(ascii: "}"):
        depth -= 1
        index += 1
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
        index = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      case UInt8(ascii: "#"), UInt8(ascii: "\""):
        index = endOfStringLiteral(in: bytes, from: index)
      default:
        index += 1
      }
    }
    return names
  }

  /// Where the string literal starting at `start` ends (`"…"`, `"""…"""`, or either raw, `#"…"#`), past
  /// the strings of its interpolations; `start` plus one when no literal starts there (a `#` of `#if`).
  static func endOfStringLiteral(in bytes: [UInt8], from start: Int) -> Int {
    let quote = UInt8(ascii: "\"")
    let hash = UInt8(ascii: "#")
    var index = start
    while index < bytes.count, bytes[index] == hash { index += 1 }
    let hashes = index - start
    guard index < bytes.count, bytes[index] == quote else { return start + 1 }
    let quotes = bytes[index...].starts(with: [quote, quote, quote]) ? 3 : 1
    let terminator = Array(repeating: quote, count: quotes) + Array(repeating: hash, count: hashes)
    let escape = [UInt8(ascii: "\\")] + Array(repeating: hash, count: hashes)
    index += quotes
    while index < bytes.count {
      if bytes[index...].starts(with: escape) {
        index += escape.count
        guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else {
          index += 1
          continue
        }
        index = endOfInterpolation(in: bytes, from: index)
      } else if bytes[index...].starts(with: terminator) {
        return index + terminator.count
      } else {
        index += 1
      }
    }
    return bytes.count
  }

  /// Where the interpolation whose `(` is at `start` ends, past the string literals inside it.
  static func endOfInterpolation(in bytes: [UInt8], from start: Int) -> Int {
    var index = start + 1
    var parentheses = 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "("):
        parentheses += 1
        index += 1
      case UInt8(ascii: ")"):
        parentheses -= 1
        index += 1
        if parentheses == 0 { return index }
      case UInt8(ascii: "#"), UInt8(ascii: "\""):
        index = endOfStringLiteral(in: bytes, from: index)
      default:
        index += 1
      }
    }
    return bytes.count
  }

  /// The type `line` declares public at file scope, if it does: `public`, `open`, after attributes,
  /// with `final` or `indirect`.
  static func publicTypeName(declaredBy line: String) -> String? {
    let declaration =
      #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)/#
    return (try? declaration.prefixMatch(in: line)).flatMap { $0.map { String($0.output.1) } }
  }
}
