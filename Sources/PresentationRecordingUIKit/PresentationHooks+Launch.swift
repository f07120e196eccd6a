#if canImport(Foundation)
  import Foundation
#endif
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension PresentationHooks {
  /// The folder traces go to unless told otherwise: `PresentationTraces` in the app's Application Support
  /// folder, which iOS never purges (Caches and `tmp/` are purged under storage pressure).
  public static var defaultTraceFolder: String {
    let support =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? URL(fileURLWithPath: NSTemporaryDirectory())
    return support.appendingPathComponent("PresentationTraces").path
  }

  /// Records this launch's presentations to a new trace file in `folder`, keeping the newest `keep`
  /// launches' files, and installs the shared hooks: the one call an app makes, at launch.
  ///
  /// ```swift
  /// PresentationHooks.startRecording { error in logger.error("presentation trace: \(error)") }
  /// ```
  ///
  /// Call it in `application(_:didFinishLaunchingWithOptions:)` or a SwiftUI `App`'s `init()`. The file's
  /// header names the app's version and build, the OS version and the device model. Lines are written
  /// off the main thread, handed to the writer at the end of every transition (a request's completion,
  /// a sheet's `DidDismiss`) and flushed when the app goes to the background (under a background task) or
  /// terminates (the main thread waits at most a second). Every write error reaches `onError` (on a
  /// background queue); the app never blocks on the file nor crashes for it.
  /// Returns the launch's trace (its path, its recorder), or nil when the file could not be created
  /// (`onError` heard why) or recording had started already (the first call's trace goes on; logged).
  @discardableResult
  public static func startRecording(
    folder: String = defaultTraceFolder, keep: Int = LaunchTraceStore.defaultKeep,
    liveAuditor: LiveAuditor? = nil, naming: (@Sendable (AnyObject) -> String?)? = nil,
    onError: @escaping @Sendable (RecordingError) -> Void
  ) -> LaunchTrace? {
    if shared.core != nil {
      shared.log("hooks are already installed; startRecording did nothing, the first trace goes on")
      return nil
    }
    let store = LaunchTraceStore(directory: folder, keep: keep)
    let launch: LaunchTrace
    do {
      launch = try store.open(
        metadata: currentLaunch(), liveAuditor: liveAuditor, naming: naming, onError: onError)
    } catch {
      onError(error)
      return nil
    }
    install(recording: launch.recorder)
    shared.core?.onTransitionEnded = { launch.requestFlush() }
    flushWhenTheAppLeaves(launch)
    return launch
  }

  /// This process's app version and build, OS version and device model.
  static func currentLaunch() -> LaunchTrace.Metadata {
    let info = Bundle.main.infoDictionary ?? [:]
    #if canImport(UIKit)
      let os = UIDevice.current.systemName + " " + UIDevice.current.systemVersion
    #else
      let os = ProcessInfo.processInfo.operatingSystemVersionString
    #endif
    return LaunchTrace.Metadata(
      appVersion: info["CFBundleShortVersionString"] as? String ?? "unknown",
      appBuild: info["CFBundleVersion"] as? String ?? "unknown", osVersion: os, deviceModel: machine())
  }

  /// The hardware model identifier (`iPhone15,2`; the simulator reports the Mac's architecture).
  private static func machine() -> String {
    var system = utsname()
    guard uname(&system) == 0 else { return "unknown" }
    return withUnsafeBytes(of: &system.machine) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The observers of the current recording's flushes, replaced by a later `startRecording`.
  @MainActor private static var flushObservers: [any NSObjectProtocol] = []

  /// Flushes `launch` when the app goes to the background (a suspended app can be killed without
  /// notice) and when it terminates, never blocking the main thread on the file: in the background the
  /// writer finishes under a background task; at termination the main thread waits at most a second.
  private static func flushWhenTheAppLeaves(_ launch: LaunchTrace) {
    #if canImport(UIKit)
      let center = NotificationCenter.default
      // A later recording (after `uninstall()`) replaces the observers: the old trace is not kept alive.
      for observer in flushObservers { center.removeObserver(observer) }
      let background = center.addObserver(
        forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
      ) { _ in
        MainActor.assumeIsolated { flushInTheBackground(launch) }
      }
      let termination = center.addObserver(
        forName: UIApplication.willTerminateNotification, object: nil, queue: .main
      ) { _ in
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInitiated).async {
          try? launch.flush()
          written.signal()
        }
        _ = written.wait(timeout: .now() + 1)
      }
      flushObservers = [background, termination]
    #endif
  }

  #if canImport(UIKit)
    /// Flushes `launch` on a background queue under a background task, which ends once, whichever of the
    /// flush and the task's expiration comes first.
    private static func flushInTheBackground(_ launch: LaunchTrace) {
      final class Task: @unchecked Sendable {
        var identifier = UIBackgroundTaskIdentifier.invalid
        /// Called on the main thread only.
        func end(_ application: UIApplication) {
          guard identifier != .invalid else { return }
          application.endBackgroundTask(identifier)
          identifier = .invalid
        }
      }
      let application = UIApplication.shared
      let task = Task()
      task.identifier = application.beginBackgroundTask(withName: "PresentationTraceFlush") {
        task.end(application)
      }
      DispatchQueue.global(qos: .utility).async {
        try? launch.flush()
        DispatchQueue.main.async { task.end(application) }
      }
    }
  #endif
}
