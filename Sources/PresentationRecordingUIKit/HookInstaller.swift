/// What hooks UIKit's methods: the only code that needs the Objective-C runtime, kept thin so that
/// everything it calls (`PresentationHookCore`) is tested without it.
///
/// ```swift
/// let hooks = PresentationHooks(installer: MyInstaller())
/// hooks.install(recording: recorder)
/// ```
///
/// `install(_:)` hooks the base-class methods of a group or none of them, and says why when it cannot
/// (a selector missing on this iOS version); it must leave UIKit untouched then. `hookClass(of:as:)`
/// hooks, once per class, the methods of `role` on the class `object` reports (never a runtime-made
/// subclass such as KVO's). The hooked methods call the installed core, before UIKit's or the app's
/// implementation runs, and record only on the class they were installed for, so a subclass calling
/// `super` is never recorded twice.
@MainActor
public protocol HookInstaller {
  /// Installs `group`; nil when it did, else why it did not (nothing of the group was hooked).
  func install(_ group: HookGroup) -> String?
  /// Hooks the methods of `role` on the class of `object`, if that class was not hooked for it yet.
  func hookClass(of object: AnyObject, as role: HookedRole)
  /// Takes the hooks out: restores each original where the hook is still the method's implementation,
  /// and otherwise (another library hooked the method since) leaves a hook that only passes through.
  func uninstall()
}
