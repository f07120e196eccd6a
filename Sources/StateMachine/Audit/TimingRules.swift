/// The timing rules (severity warning; <doc:Rules>), judged on events the machine accepted.
///
/// ```swift
/// if let (rule, message) = TimingRules.violation(of: event, step: step, configuration: AuditConfiguration()) {
///   print(rule.rawValue, message)  // layout-hitch the container layout pass from line 12 took 40 ms, …
/// }
/// ```
///
/// A `completeTransition` is judged by what its step says it completed (`StepEffects.completion`).
/// `interaction-undriven` needs later events to prove time passed: it is a timer of the machine's, which
/// expires as the trace's clock passes it (`TransitionDeadline.undrivenDeadline`).
enum TimingRules {
  /// The timing rule the accepted step of `event` breaks, if any, with its message (which the caller
  /// prefixes with the id). Inlined into the auditor's step: called with the step the auditor keeps, a call
  /// copied it (217 bytes) on every timed event; the messages are built out of line.
  @inline(__always)
  static func violation(
    of event: borrowing CompactEvent, step: borrowing SessionStep, configuration: AuditConfiguration
  ) -> (rule: Rule, message: String)? {
    guard step.rule == nil else { return nil }
    switch step.trigger {
    case .completeTrue, .completeFalse:
      guard let completion = step.effects.completion, completion.completeT == event.t else { return nil }
      return completionViolation(completion, at: event.t, configuration: configuration)
    case .layoutDid:
      guard let pass = step.effects.closedLayout, configuration.frameRate > 0 else { return nil }
      let frame = 1 / configuration.frameRate
      let duration = event.t - pass.t
      return duration > frame
        ? layoutHitch(pass, duration: duration, frame: frame, configuration: configuration) : nil
    case .sizeChange where step.from.isInFlight:
      return sizeChange(width: event.payload.width, height: event.payload.height, in: step.from)
    case .sizeChange, .present, .dismiss, .presentationWillBegin, .presentationDidEndTrue,
      .presentationDidEndFalse, .dismissalWillBegin, .dismissalDidEndTrue, .dismissalDidEndFalse, .animate,
      .startInteractive, .interruptibleAnimator, .viewIsAppearing, .update, .pause, .finish, .cancel,
      .animationEnded, .completion, .layoutWill,
      .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .controllerWillDismiss,
      .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      return nil
    }
  }

  /// `layout-hitch` and its message, built out of line: only a slow layout pass pays for the words.
  @inline(never)
  private static func layoutHitch(
    _ pass: PresentationLifecycle.OpenLayoutPass, duration: Double, frame: Double,
    configuration: AuditConfiguration
  ) -> (rule: Rule, message: String) {
    (
      .layoutHitch,
      "the container layout pass from line \(pass.line) took \(milliseconds(duration)), longer than one "
        + "frame at \(ReadableNumber.text(configuration.frameRate)) Hz (\(milliseconds(frame)))"
    )
  }

  /// `size-change-during-transition` and its message, built out of line as `layoutHitch`'s.
  @inline(never)
  private static func sizeChange(width: Double?, height: Double?, in phase: Phase) -> (
    rule: Rule, message: String
  ) {
    let size = [width, height].compactMap { $0 }.map(ReadableNumber.text)
    return (
      .sizeChangeDuringTransition,
      "viewWillTransitionToSize\(size.isEmpty ? "" : " " + size.joined(separator: "×")) in \(phase.name): "
        + "UIKit defers rotation until completeTransition, so something forwarded it by hand"
    )
  }

  private static func completionViolation(
    _ completion: CompletedAnimation, at t: Double, configuration: AuditConfiguration
  ) -> (rule: Rule, message: String)? {
    // A transition that ran as animated (no interaction, or one that started running and was never caught)
    // is timed from its animation's start (<doc:Rules#Interruptible-transitions>).
    // The earlier of the two starts logged, without building an array on every completion.
    let animationStart =
      switch (completion.animateT, completion.interactiveStartT) {
      case (let animate?, let interactive?): min(animate, interactive)
      case (let animate?, nil): animate
      case (nil, let interactive?): interactive
      case (nil, nil): Double?.none
      }
    if completion.interactiveStartT == nil || (completion.running && completion.commit == nil),
      let start = animationStart,
      let declared = completion.declaredDuration
    {
      let measured = t - start
      let range = configuration.acceptableRange(around: declared)
      guard !range.contains(measured) else { return nil }
      return (
        .durationMismatch,
        "completeTransition came \(seconds(measured)) after animateTransition, but the animator declared "
          + "\(seconds(declared)) (accepted \(seconds(range.lowerBound))…\(seconds(range.upperBound))); "
          + "alongside animations and percent-driven timing go out of sync"
      )
    }
    // An interactive transition with no declared duration, or a cancel with no update, is not timed
    // (<doc:Rules#Timing-tolerance>).
    guard let commit = completion.commit, let declared = completion.declaredDuration,
      commit.kind == .finish || commit.hadUpdate
    else { return nil }
    let expected = TransitionDeadline.remaining(commit, duration: declared)
    let measured = t - commit.t
    let range = configuration.acceptableRange(around: expected)
    guard !range.contains(measured) else { return nil }  // the usual case: no words to build
    let formula =
      commit.kind == .finish
      ? "(1 − \(ReadableNumber.text(commit.progress))) × \(seconds(declared))"
      : "\(ReadableNumber.text(commit.progress)) × \(seconds(declared))"
    let speed =
      commit.effectiveSpeed != commit.completionSpeed
      ? " (completionSpeed \(ReadableNumber.text(commit.completionSpeed)) taken as 1)"
      : commit.completionSpeed == 1 ? "" : " ÷ \(ReadableNumber.text(commit.completionSpeed))"
    if measured > range.upperBound {
      return (
        .completionLate,
        "completeTransition came \(seconds(measured)) after \(commit.kind.rawValue)InteractiveTransition; UIKit "
          + "runs the rest in \(formula)\(speed) = \(seconds(expected)) (accepted up to \(seconds(range.upperBound)))"
      )
    }
    guard measured < range.lowerBound else { return nil }  // neither, as for a time that is not a number
    return (
      .completionEarly,
      "completeTransition came \(seconds(measured)) after \(commit.kind.rawValue)InteractiveTransition; the "
        + "remaining animation is \(formula)\(speed) = \(seconds(expected)), so the view snaps "
        + "(accepted from \(seconds(range.lowerBound)))"
    )
  }

  static func seconds(_ value: Double) -> String {
    ReadableNumber.seconds(value)
  }

  static func milliseconds(_ value: Double) -> String {
    ReadableNumber.milliseconds(value)
  }
}
