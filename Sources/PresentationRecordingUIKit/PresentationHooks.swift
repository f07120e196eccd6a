/// Records every presentation of an app from one call at launch: hooks on `UIViewController`'s requests,
/// the appearance callbacks of presented controllers and roots, what the app's transitioning delegates
/// vend (animators, interaction controllers, presentation controllers, and UIKit's transition context of
/// their transitions), and the adaptive delegate the app set.
///
/// ```swift
/// let recorder = PresentationRecorder(TraceRecorder(sink: try FileTraceSink(path: path)))
/// PresentationHooks.install(recording: recorder)
/// ```
///
/// Install it in `application(_:didFinishLaunchingWithOptions:)` (or a SwiftUI `App`'s `init()`), before
/// the first presentation. Installing is idempotent for the process: a second call does nothing, logs that
/// it did nothing and returns `.alreadyInstalled`. A group of hooks that cannot install (a selector missing
/// on this iOS version) is logged once and left out: UIKit stays untouched for it and the other groups
/// record. No object UIKit or the app holds is replaced: the hooks observe methods on their classes.
/// What is recorded is the contract's (the Rules article, "Presentations observed from outside"), as
/// <doc:RecordingAnApp> lists it.
@MainActor
public final class PresentationHooks {
  /// The hooks the swapped UIKit methods call.
  public static let shared = PresentationHooks(installer: platformInstaller())

  /// The core the installed methods call, while installed.
  public private(set) var core: PresentationHookCore?
  /// Lets hooked methods record on the main thread only: its `refusedCalls` counts those that did not.
  public nonisolated static let gate = MainThreadGate { message in print("PresentationRecording: \(message)")
  }

  /// What hooks UIKit's methods: the Objective-C installer on iOS, a `StandInHookInstaller` elsewhere.
  public let installer: any HookInstaller
  let log: (String) -> Void

  /// Hooks installed by `installer`, logging through `log`. Only `shared`'s core is called by the methods
  /// the platform's installer hooks; other instances are for a UIKit stand-in (`StandInHookInstaller`).
  public init(installer: any HookInstaller, log: ((String) -> Void)? = nil) {
    self.installer = installer
    self.log = log ?? { message in print("PresentationRecording: \(message)") }
  }

  /// Installs the shared hooks, recording through `recorder`.
  ///
  /// ```swift
  /// PresentationHooks.install(recording: recorder)
  /// ```
  @discardableResult
  public static func install(recording recorder: PresentationRecorder) -> HookInstallOutcome {
    shared.install(recording: recorder, existingRoots: platformWindowRoots())
  }

  /// Takes the shared hooks out (between tests): recording stops, and UIKit's methods are restored
  /// wherever the hook is still their implementation.
  ///
  /// ```swift
  /// PresentationHooks.uninstall()
  /// ```
  public static func uninstall() { shared.uninstall() }

  /// Installs these hooks, recording through `recorder`; does nothing (and says so) if they were. The
  /// view controllers in `existingRoots` (the app's windows' roots) and what they present already are
  /// registered as roots (`PresentationHookCore.adoptExisting(roots:)`).
  @discardableResult
  public func install(
    recording recorder: PresentationRecorder, existingRoots: [UIViewController] = []
  ) -> HookInstallOutcome {
    guard core == nil else {
      log("hooks are already installed; this call did nothing, the first recorder goes on recording")
      return .alreadyInstalled
    }
    var failures: [HookGroup: String] = [:]
    var installed: Set<HookGroup> = []
    for group in HookGroup.allCases {
      if let problem = installer.install(group) {
        failures[group] = problem
        log("\(group.rawValue) hooks not installed (\(problem)); UIKit is untouched for them")
      } else {
        installed.insert(group)
      }
    }
    let core = PresentationHookCore(recorder: recorder, groups: installed, installer: installer)
    core.adoptExisting(roots: existingRoots)
    self.core = core
    return failures.isEmpty ? .installed : .installedExcept(failures)
  }

  /// Stops recording and takes the hooks out.
  public func uninstall() {
    core = nil
    installer.uninstall()
  }

  private static func platformInstaller() -> any HookInstaller {
    #if canImport(ObjectiveC) && canImport(UIKit)
      SwizzlingHookInstaller()
    #else
      StandInHookInstaller()
    #endif
  }

  /// The root view controllers of the app's windows, on every connected scene.
  private static func platformWindowRoots() -> [UIViewController] {
    #if canImport(UIKit)
      UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        .compactMap(\.rootViewController)
    #else
      []
    #endif
  }
}
