/// The installer where there is no UIKit to hook (Linux, macOS, a unit test): it swaps nothing and keeps
/// the list of classes the core asked it to hook, so a UIKit stand-in (the tests' scripted UIKit) calls
/// the core exactly where a hooked method would. Every group counts as installed.
///
/// ```swift
/// let installer = StandInHookInstaller()
/// PresentationHooks(installer: installer).install(recording: recorder) // .installed
/// installer.isHooked(card, as: .viewController) // after card was presented
/// ```
///
/// `reportedClass` is the class an object reports (`[object class]`); it differs from its runtime class
/// for an object observed with KVO, whose runtime class is a subclass the runtime made.
@MainActor
public final class StandInHookInstaller: HookInstaller {
  private var hooked: Set<HookedClass> = []
  private let reportedClass: (AnyObject) -> AnyClass
  /// Every class hook the core asked for, in order, each once.
  public private(set) var hookedClasses: [(className: String, role: HookedRole)] = []

  /// A class and a role it was hooked for.
  private struct HookedClass: Hashable {
    let type: ObjectIdentifier
    let role: HookedRole
  }

  /// An installer whose objects report `reportedClass` (their type by default).
  public init(reportedClass: ((AnyObject) -> AnyClass)? = nil) {
    self.reportedClass = reportedClass ?? { type(of: $0) }
  }

  public func install(_ group: HookGroup) -> String? { nil }

  public func hookClass(of object: AnyObject, as role: HookedRole) {
    let type: AnyClass = reportedClass(object)
    if hooked.insert(HookedClass(type: ObjectIdentifier(type), role: role)).inserted {
      hookedClasses.append((String(describing: type), role))
    }
  }

  public func uninstall() {
    hooked.removeAll()
    hookedClasses.removeAll()
  }

  /// Whether a method of `role` called on `object` runs a hook that records: its reported class itself
  /// was hooked (a superclass's hook passes a subclass's call through unrecorded).
  public func isHooked(_ object: AnyObject, as role: HookedRole) -> Bool {
    hooked.contains(HookedClass(type: ObjectIdentifier(reportedClass(object)), role: role))
  }
}
