import StateMachine

/// A small command-line parser with the conventions of swift-argument-parser: `--name value` or
/// `--name=value`, `--` ends options, and an unknown option names the closest valid one.
struct ArgumentParser {
  struct Option {
    var name: String
    var takesValue: Bool
  }

  struct Parsed {
    /// The last value of each option.
    var values: [String: String] = [:]
    /// Every value of each option, in order (for options that may repeat, such as `--disable`).
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
  }

  var options: [Option]

  func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
    var parsed = Parsed()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
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
          parsed.values[option.name] = inlineValue
          parsed.allValues[option.name, default: []].append(inlineValue)
        } else if index < arguments.count {
          parsed.values[option.name] = arguments[index]
          parsed.allValues[option.name, default: []].append(arguments[index])
          index += 1
        } else {
          throw UsageError(message: "option '\(option.name)' needs a value")
        }
      } else {
        if inlineValue != nil { throw UsageError(message: "option '\(option.name)' takes no value") }
        parsed.flags.insert(option.name)
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
