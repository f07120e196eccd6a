import PresentationStateMachine

/// A small command-line parser with the conventions of swift-argument-parser: `--name value` or
/// `--name=value`, `--` ends options, and an unknown option names the closest valid one.
///
/// Each command declares its options once, as values that both the parser and the command read, so a
/// misspelt option name in the code does not compile:
///
/// ```swift
/// static let resume = ArgumentParser.Value("--resume")
/// let parsed = try ArgumentParser(options: [resume]).parse(["--resume", "s.json", "trace.jsonl"])
/// parsed[resume]  // "s.json"
/// ```
struct ArgumentParser {
  /// An option as the parser sees it: its name, and whether a value follows it.
  protocol Option: Sendable {
    var name: String { get }
    var takesValue: Bool { get }
  }

  /// An option without a value, present or not: `--strict`.
  struct Flag: Option {
    let name: String
    var takesValue: Bool { false }

    init(_ name: String) { self.name = name }
  }

  /// An option with a value: `--format json` or `--format=json`; it may be repeated (`--disable A
  /// --disable B`), and every value is kept.
  struct Value: Option {
    let name: String
    var takesValue: Bool { true }

    init(_ name: String) { self.name = name }
  }

  /// What a command line said, read through the options that were declared.
  struct Parsed {
    /// Every value of each option with a value, in order, by name.
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    var positionals: [String] = []
    /// Where each positional stood in the arguments parsed (for its raw bytes, `CommandInput.pathBytes`).
    var positionalIndices: [Int] = []
    /// The names the parser accepted: reading any other is a mistake in the command, not in its input.
    private let declared: Set<String>

    fileprivate init(declared: Set<String>) { self.declared = declared }

    fileprivate mutating func append(_ value: String, for option: any Option) {
      values[option.name, default: []].append(value)
    }

    fileprivate mutating func insert(_ flag: any Option) { flags.insert(flag.name) }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool {
      assert(declared.contains(flag.name), "\(flag.name) is read but was not given to the parser")
      return flags.contains(flag.name)
    }

    /// The last value given for `option`, or `nil` when it was not given.
    subscript(option: Value) -> String? { all(option).last }

    /// Every value given for `option`, in order (for options that may repeat, such as `--disable`).
    func all(_ option: Value) -> [String] {
      assert(declared.contains(option.name), "\(option.name) is read but was not given to the parser")
      return values[option.name] ?? []
    }
  }

  var options: [any Option]

  func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
    var parsed = Parsed(declared: Set(options.map(\.name)))
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        parsed.positionalIndices.append(index - 1)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if name == "-h" { name = "--help" }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError(message: "unknown option '\(name)'" + suggestion(for: name))
      }
      if option.takesValue {
        if let inlineValue {
          parsed.append(inlineValue, for: option)
        } else if index < arguments.count {
          parsed.append(arguments[index], for: option)
          index += 1
        } else {
          throw UsageError(message: "option '\(option.name)' needs a value")
        }
      } else {
        if inlineValue != nil { throw UsageError(message: "option '\(option.name)' takes no value") }
        parsed.insert(option)
      }
    }
    return parsed
  }

  private func suggestion(for name: String) -> String {
    let names = options.map(\.name)
    guard let closest = ClosestMatch.name(to: name, among: names, maximumDistance: max(2, name.count / 3))
    else {
      return "; valid options: " + names.joined(separator: ", ")
    }
    return "; did you mean '\(closest)'?"
  }
}

/// Wrong usage: printed with the command's usage line, exit status 64.
struct UsageError: Error {
  var message: String
  /// The problem is in a file the command line named or found (the settings file), not in the command line
  /// itself: unreadable input, exit 2, and no usage text.
  var isUnreadableInput = false

  init(message: String) { self.message = message }

  /// A problem in a file the command reads before it starts (a settings file): exit 2, without the usage.
  init(unreadableInput message: String) {
    self.message = message
    isUnreadableInput = true
  }
}
