import Testing

@testable import PresentationStateMachine

extension Rules {
  /// The unit tests of `appearance-unbalanced` (viewDid* without its viewWill*, or a viewWill* never
  /// resolved): traces that must trigger it, and near misses that must stay clean.
  @Suite("appearance-unbalanced") struct AppearanceUnbalancedTests {
    /// A presentation whose `viewWillAppear` (line 3) is never resolved by a `viewDidAppear`.
    static let unresolvedWillAppear = [
      line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
      line(1.002, "p1", "viewWillAppear"), line(1.003, "p1", "animateTransition", #""duration":0.3"#),
      line(1.303, "p1", "completeTransition", #""didComplete":true"#),
      line(1.303, "p1", "presentationTransitionDidEnd", #""completed":true"#),
    ]

    @Test func aViewDidAppearWithoutItsViewWillAppearIsAppearanceUnbalanced() {
      var lines = Array(presentation("p1", at: 1).prefix(4))
      lines += [
        line(1.303, "p1", "viewDidAppear"),
        line(1.304, "p1", "presentationTransitionDidEnd", #""completed":true"#),
      ]
      #expect(summary(audit(lines)) == ["5 p1 appearance-unbalanced"])
    }

    /// A `viewWillAppear` never resolved is reported at its own line once the end of the trace settles it:
    /// the trace ran on for more than grace after the `*DidEnd`.
    @Test func aViewWillAppearNeverResolvedIsReportedAtItsLine() {
      let lines = Self.unresolvedWillAppear + [line(3.5, "app", "mark", #""name":"later""#)]
      #expect(summary(audit(lines)) == ["3 p1 appearance-unbalanced"])
    }

    @Test func aPresentersAppearanceIsStillBalanced() {
      let lines = [
        #"{"t":0,"id":"p1","event":"present"}"#,
        #"{"t":0.01,"id":"p1","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.02,"id":"p1","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.1,"id":"p2","event":"present","presenter":"p1"}"#,
        #"{"t":0.11,"id":"p2","event":"presentationTransitionWillBegin"}"#,
        #"{"t":0.12,"id":"p2","event":"presentationTransitionDidEnd","completed":true}"#,
        #"{"t":0.2,"id":"p2","event":"dismiss"}"#,
        #"{"t":0.21,"id":"p2","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":0.22,"id":"p2","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":1,"id":"p1","event":"viewDidAppear"}"#,
        #"{"t":1.1,"id":"p1","event":"viewDidAppear"}"#,
        #"{"t":2,"id":"p1","event":"dismiss"}"#,
        #"{"t":2.01,"id":"p1","event":"dismissalTransitionWillBegin"}"#,
        #"{"t":2.02,"id":"p1","event":"dismissalTransitionDidEnd","completed":true}"#,
        #"{"t":2.03,"id":"p1","event":"viewDidDisappear"}"#,
      ]
      #expect(
        summary(audit(lines)) == [
          "10 p1 appearance-unbalanced", "11 p1 appearance-unbalanced", "15 p1 appearance-unbalanced",
        ])
    }

    /// A trace that ends less than grace after the `*DidEnd` is a cut recording: the `viewDidAppear` may
    /// have been on its way, so nothing is judged.
    @Test func aViewWillAppearStillOpenWhenTheRecordingStopsIsNotJudged() {
      #expect(audit(Self.unresolvedWillAppear).isEmpty)
    }

    /// Each `viewDid*` follows its `viewWill*`, inside the windows the lifecycle allows.
    @Test func balancedAppearanceCallbacksAreClean() {
      let lines = [
        line(1, "p1", "present"), line(1.001, "p1", "presentationTransitionWillBegin"),
        line(1.002, "p1", "viewWillAppear"), line(1.003, "p1", "animateTransition", #""duration":0.3"#),
        line(1.303, "p1", "completeTransition", #""didComplete":true"#), line(1.303, "p1", "viewDidAppear"),
        line(1.304, "p1", "presentationTransitionDidEnd", #""completed":true"#),
        line(2, "p1", "dismiss"), line(2.001, "p1", "dismissalTransitionWillBegin"),
        line(2.002, "p1", "viewWillDisappear"), line(2.003, "p1", "animateTransition", #""duration":0.3"#),
        line(2.303, "p1", "completeTransition", #""didComplete":true"#),
        line(2.304, "p1", "dismissalTransitionDidEnd", #""completed":true"#),
        line(2.305, "p1", "viewDidDisappear"),
      ]
      #expect(audit(lines).isEmpty)
    }
  }
}
