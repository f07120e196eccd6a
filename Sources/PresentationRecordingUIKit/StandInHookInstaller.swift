/// The installer where there is no Objective-C runtime (Linux): nothing can be swapped, and there is no
/// UIKit to swap it in; the UIKit stand-in (the tests' scripted UIKit) calls the hooks' core itself where
/// the swapped methods would. Every group counts as installed.
///
/// ```swift
/// PresentationHooks(installer: StandInHookInstaller()).install(recording: recorder) // .installed
/// ```
public struct StandInHookInstaller: HookInstaller {
  public init() {}

  public func install(_ group: HookGroup) -> String? { nil }
}
