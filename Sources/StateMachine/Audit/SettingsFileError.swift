/// A settings file that cannot be read or does not hold valid settings: its message names the file, with
/// `line:column` where the problem has one, and says what to do.
///
/// ```swift
/// do {
///   try SettingsFile.apply(bytes: Array(#"{"grace":-1}"#.utf8), path: ".replay.json", to: &configuration)
/// } catch {
///   print(error.message)  // .replay.json:1:10: "grace" must be a number >= 0, not number; fix the file, …
/// }
/// ```
package struct SettingsFileError: Error, Sendable, Equatable {
  package var message: String

  package init(message: String) { self.message = message }
}
