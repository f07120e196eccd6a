/// Records every presentation of an app from one call: app-wide hooks on `UIViewController`'s requests
/// and appearance callbacks, the presentation controllers the app vends, and the adaptive delegate.
///
/// ```swift
/// let recorder = PresentationRecorder(TraceRecorder(sink: try FileTraceSink(path: path)))
/// PresentationHooks.install(recording: recorder)
/// ```
///
/// Installing is idempotent: a second call does nothing, logs that it did nothing and returns
/// `.alreadyInstalled`. A group of hooks that cannot install (a selector missing on this iOS version) is
/// logged once, when the install is attempted, and left out: UIKit stays untouched for it and the other
/// groups record. What is recorded is the contract's (<doc:Rules#Presentations-observed-from-outside>):
/// for a system style only the request, the presented controller's appearance callbacks, `completion` and
/// the adaptive delegate, never UIKit's private presentation controller or animator; custom transitions
/// add what `RecordingTransitioningDelegate` sees.
@MainActor
public final class PresentationHooks {
  /// The hooks the swapped UIKit methods call.
  public static let shared = PresentationHooks()

  /// The core the installed methods call, once installed.
  public private(set) var core: PresentationHookCore?

  private let installer: any HookInstaller
  private let log: (String) -> Void

  /// Hooks installed by `installer` (the platform's by default), logging through `log`.
  public init(installer: (any HookInstaller)? = nil, log: ((String) -> Void)? = nil) {
    self.installer = installer ?? Self.platformInstaller()
    self.log = log ?? { message in print("PresentationRecording: \(message)") }
  }

  /// Installs the shared hooks, recording through `recorder`.
  ///
  /// ```swift
  /// PresentationHooks.install(recording: recorder)
  /// ```
  @discardableResult
  public static func install(recording recorder: PresentationRecorder) -> HookInstallOutcome {
    shared.install(recording: recorder)
  }

  /// Records every presentation of the app to the trace file at `path`: opens it, installs the shared
  /// hooks, and returns the recorder (to flush when the app goes to the background).
  ///
  /// ```swift
  /// let recorder = try PresentationHooks.record(toFile: NSTemporaryDirectory() + "ui.jsonl")
  /// ```
  ///
  /// If the hooks were installed already, the file is not opened: the recorder they record through is
  /// returned, and the call is logged as doing nothing.
  public static func record(
    toFile path: String, liveAuditor: LiveAuditor? = nil
  ) throws(RecordingError) -> PresentationRecorder {
    if let core = shared.core {
      shared.log("hooks are already installed; \(path) was not opened, the first recorder goes on recording")
      return core.recorder
    }
    let recorder = try PresentationRecorder(path: path, liveAuditor: liveAuditor)
    shared.install(recording: recorder)
    return recorder
  }

  /// Installs these hooks, recording through `recorder`; does nothing (and says so) if they were.
  @discardableResult
  public func install(recording recorder: PresentationRecorder) -> HookInstallOutcome {
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
    core = PresentationHookCore(recorder: recorder, groups: installed)
    return failures.isEmpty ? .installed : .installedExcept(failures)
  }

  private static func platformInstaller() -> any HookInstaller {
    #if canImport(ObjectiveC) && canImport(UIKit)
      SwizzlingHookInstaller()
    #else
      StandInHookInstaller()
    #endif
  }
}
