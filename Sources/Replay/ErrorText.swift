import PresentationStateMachine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a failed read or write says to the user: the system's words for the error, as `strerror` gives
/// them.
///
/// ```swift
/// ErrorText.describe(error)  // "No such file or directory"
/// ```
///
/// FoundationEssentials, which is all `replay` links on Linux, has no `localizedDescription`; the
/// system's message is the part of it that told the user what went wrong.
enum ErrorText {
  static func describe(_ error: any Error) -> String {
    if let failure = error as? FileDescriptorOutput.Failure { return message(errno: failure.code) }
    if let posix = error as? POSIXError { return message(errno: posix.code.rawValue) }
    if let cocoa = error as? CocoaError {
      if let posix = cocoa.underlying as? POSIXError { return message(errno: posix.code.rawValue) }
      return "file system error \(cocoa.code.rawValue)"
    }
    // Any other error may spell a path: escaped for the terminal like every path printed.
    return TerminalText.escaped(String(describing: error))
  }

  private static func message(errno code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
