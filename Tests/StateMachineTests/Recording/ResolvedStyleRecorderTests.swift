import Testing

@testable import PresentationStateMachine

/// `PresentationRecorder.viewWillAppear(_:animated:resolvedStyle:)`: the typed way to record the style
/// UIKit resolved, which never writes `automatic`.
@Suite struct ResolvedStyleRecorderTests {
  final class RootViewController {}
  final class SettingsViewController {}

  @Test func theResolvedStyleIsWrittenAfterAnimated() {
    let (recorder, sink) = PresentationRecorderTests.make()
    let root = RootViewController()
    let sheet = SettingsViewController()
    recorder.registerRoot(root)
    recorder.present(sheet, presenter: root, animated: true, style: .automatic)
    recorder.viewWillAppear(sheet, animated: true, resolvedStyle: .pageSheet)
    let lines = sink.text.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        #"{"t":1,"id":"SettingsViewController#1","event":"present","presenter":"root","animated":true,"style":"automatic"}"#,
        #"{"t":1.001,"id":"SettingsViewController#1","event":"viewWillAppear","animated":true,"resolvedStyle":"pageSheet"}"#,
      ])
    let events = PresentationRecorderTests.events(sink)
    #expect(events.last?.payload == Payload(animated: true, resolvedStyle: "pageSheet"))
  }

  /// `.automatic` is a request, not a resolution: the callback is recorded without the key, as with `nil`.
  @Test func automaticAndNilLeaveTheKeyOut() {
    let (recorder, sink) = PresentationRecorderTests.make()
    let sheet = SettingsViewController()
    recorder.viewWillAppear(sheet, animated: true, resolvedStyle: .automatic)
    recorder.viewWillAppear(sheet, animated: false)
    recorder.viewWillAppear(sheet, animated: true, resolvedStyle: nil)
    let events = PresentationRecorderTests.events(sink)
    #expect(
      events.map(\.payload) == [
        Payload(animated: true), Payload(animated: false), Payload(animated: true),
      ])
    #expect(!sink.text.contains("resolvedStyle"))
  }

  /// Every style UIKit resolves to, and one it may add later, is written with its case name.
  @Test(arguments: [
    PresentationStyle.pageSheet, .formSheet, .popover, .fullScreen, .overFullScreen, .currentContext,
    .overCurrentContext, .custom, PresentationStyle.none, PresentationStyle(rawValue: "sideSheet"),
  ])
  func everyResolvedStyleIsWrittenByItsName(_ style: PresentationStyle) {
    let (recorder, sink) = PresentationRecorderTests.make()
    recorder.viewWillAppear(SettingsViewController(), animated: true, resolvedStyle: style)
    #expect(PresentationRecorderTests.events(sink).map(\.payload.resolvedStyle) == [style.rawValue])
  }
}
