import Foundation

/// Reads the test process's environment (long fuzz runs are opt-in through it).
enum FuzzEnvironment {
  static func value(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }
}
