import PresentationRecordingUIKit
import ScriptedUIKit
import Testing

/// Installing the hooks: idempotent, and a group that cannot install is logged once and left out.
@Suite @MainActor struct PresentationHooksTests {
  /// An installer that fails the groups it is told to, and counts what it is asked.
  final class ScriptedInstaller: HookInstaller {
    var failing: [HookGroup: String] = [:]
    private(set) var asked: [HookGroup] = []
    func install(_ group: HookGroup) -> String? {
      asked.append(group)
      return failing[group]
    }
    func hookClass(of object: AnyObject, as role: HookedRole) {}
    func uninstall() {}
  }

  final class Log {
    var lines: [String] = []
  }

  static func recorder() -> PresentationRecorder {
    PresentationRecorder(TraceRecorder(sink: MemoryTraceSink(), clock: VirtualTraceClock()))
  }

  @Test func installingTwiceDoesNothingTheSecondTimeAndSaysSo() {
    let installer = ScriptedInstaller()
    let log = Log()
    let hooks = PresentationHooks(installer: installer) { log.lines.append($0) }
    let first = Self.recorder()
    #expect(hooks.install(recording: first) == .installed)
    #expect(installer.asked == HookGroup.allCases)
    #expect(log.lines.isEmpty)
    #expect(hooks.install(recording: Self.recorder()) == .alreadyInstalled)
    #expect(installer.asked == HookGroup.allCases, "the second call must not swap anything")
    #expect(hooks.core?.recorder === first)
    #expect(log.lines.count == 1)
    #expect(log.lines.first?.contains("already installed") == true)
  }

  @Test func aGroupThatCannotInstallIsLoggedOnceAndLeftUntouched() {
    let installer = ScriptedInstaller()
    installer.failing = [.viewIsAppearing: "viewIsAppearing: is missing on this iOS version"]
    let log = Log()
    let hooks = PresentationHooks(installer: installer) { log.lines.append($0) }
    let outcome = hooks.install(recording: Self.recorder())
    #expect(
      outcome == .installedExcept([.viewIsAppearing: "viewIsAppearing: is missing on this iOS version"]))
    hooks.install(recording: Self.recorder())
    #expect(log.lines.filter { $0.contains("viewIsAppearing hooks not installed") }.count == 1)
    #expect(hooks.core?.groups == Set(HookGroup.allCases).subtracting([.viewIsAppearing]))
  }

  /// The calls of a group that did not install are ignored by the core (UIKit is untouched for it), the
  /// other groups record.
  @Test func theCoreIgnoresGroupsThatAreNotInstalled() {
    let run = RecordedRun(roots: ["root"], groups: Set(HookGroup.allCases).subtracting([.viewIsAppearing]))
    for event in ScriptedEpisodes.sheetPresented { run.uikit.perform(event) }
    #expect(run.recorded().map(\.kind) == [.present, .viewWillAppear, .viewDidAppear, .completion])
    #expect(run.uikit.controllers["settings"]?.received.contains("viewIsAppearing") == true)
  }
}
