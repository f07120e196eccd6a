/// What swaps UIKit's methods for the hooks: the only code that needs the Objective-C runtime, kept thin
/// so that everything it calls (`PresentationHookCore`) is tested without it.
///
/// ```swift
/// let hooks = PresentationHooks(installer: MyInstaller())
/// hooks.install(recording: recorder)
/// ```
///
/// `install(_:)` installs every method of a group or none of them, and says why when it cannot (a
/// selector missing on this iOS version); it must leave UIKit untouched then. The installed methods call
/// `PresentationHooks.shared.core` (or the core of the hooks that installed them) at each call.
@MainActor
public protocol HookInstaller {
  /// Installs `group`; nil when it did, else why it did not (nothing of the group was swapped).
  func install(_ group: HookGroup) -> String?
}
