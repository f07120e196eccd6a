/// What `PresentationHooks.install(recording:)` did.
///
/// ```swift
/// if case .alreadyInstalled = PresentationHooks.install(recording: recorder) { /* the first call's recorder records */ }
/// ```
public enum HookInstallOutcome: Sendable, Equatable {
  /// Every group was installed.
  case installed
  /// Some groups could not be installed (the reason for each); UIKit is untouched for them, the others
  /// record.
  case installedExcept([HookGroup: String])
  /// Hooks were installed before: this call did nothing (and the earlier recorder goes on recording).
  case alreadyInstalled
}
