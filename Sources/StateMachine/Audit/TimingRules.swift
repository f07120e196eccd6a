/// The timing rules (severity warning; <doc:Rules>), judged on events the machine accepted.
///
/// ```swift
/// TimingRules.check(event, line: 12, step: step, configuration: AuditConfiguration(), into: &findings)
/// ```
///
/// A `completeTransition` is judged by what its step says it completed (`StepEffects.completion`).
/// `interaction-undriven` needs later events to prove time passed: it is a timer of the machine's, which
/// expires as the trace's clock passes it (`TransitionDeadline.undrivenDeadline`).
enum TimingRules {
  static func check(
    _ event: borrowing Event, line: Int, step: SessionStep, configuration: AuditConfiguration,
    into findings: inout [Finding]
  ) {
    guard step.rule == nil else { return }
    let id = step.id
    // The reporter captures the time, not the event: capturing the event copied it, strings retained and
    // released, on every timed event (about 11 instructions an event over the benchmark trace).
    let t = event.t
    func report(_ rule: Rule, _ message: String) {
      findings.append(Finding(rule: rule, line: line, t: t, id: id, message: "\(id): \(message)"))
    }
    switch step.trigger {
    case .completeTrue, .completeFalse:
      guard let completion = step.effects.completion, completion.completeT == event.t else { return }
      checkCompletion(completion, at: event.t, configuration: configuration, report: report)
    case .layoutDid:
      guard let pass = step.effects.closedLayout, configuration.frameRate > 0 else { return }
      let frame = 1 / configuration.frameRate
      let duration = event.t - pass.t
      if duration > frame {
        report(
          .layoutHitch,
          "the container layout pass from line \(pass.line) took \(milliseconds(duration)), longer than one "
            + "frame at \(ReadableNumber.text(configuration.frameRate)) Hz (\(milliseconds(frame)))")
      }
    case .sizeChange where step.from.isInFlight:
      let size = [event.payload.width, event.payload.height].compactMap { $0 }.map(ReadableNumber.text)
      report(
        .sizeChangeDuringTransition,
        "viewWillTransitionToSize\(size.isEmpty ? "" : " " + size.joined(separator: "×")) in \(step.from.name): "
          + "UIKit defers rotation until completeTransition, so something forwarded it by hand")
    case .sizeChange, .present, .dismiss, .presentationWillBegin, .presentationDidEndTrue,
      .presentationDidEndFalse, .dismissalWillBegin, .dismissalDidEndTrue, .dismissalDidEndFalse, .animate,
      .startInteractive, .interruptibleAnimator, .viewIsAppearing, .update, .pause, .finish, .cancel,
      .animationEnded, .completion, .layoutWill,
      .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear, .controllerWillDismiss,
      .controllerDidDismiss, .controllerDidAttemptToDismiss, .gesture, .mark:
      break
    }
  }

  private static func checkCompletion(
    _ completion: CompletedAnimation, at t: Double, configuration: AuditConfiguration,
    report: (Rule, String) -> Void
  ) {
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
      if !range.contains(measured) {
        report(
          .durationMismatch,
          "completeTransition came \(seconds(measured)) after animateTransition, but the animator declared "
            + "\(seconds(declared)) (accepted \(seconds(range.lowerBound))…\(seconds(range.upperBound))); "
            + "alongside animations and percent-driven timing go out of sync")
      }
      return
    }
    // An interactive transition with no declared duration, or a cancel with no update, is not timed
    // (<doc:Rules#Timing-tolerance>).
    guard let commit = completion.commit, let declared = completion.declaredDuration,
      commit.kind == .finish || commit.hadUpdate
    else { return }
    let expected = TransitionDeadline.remaining(commit, duration: declared)
    let measured = t - commit.t
    let range = configuration.acceptableRange(around: expected)
    guard !range.contains(measured) else { return }  // the usual case: no words to build
    let formula =
      commit.kind == .finish
      ? "(1 − \(ReadableNumber.text(commit.progress))) × \(seconds(declared))"
      : "\(ReadableNumber.text(commit.progress)) × \(seconds(declared))"
    let speed =
      commit.effectiveSpeed != commit.completionSpeed
      ? " (completionSpeed \(ReadableNumber.text(commit.completionSpeed)) taken as 1)"
      : commit.completionSpeed == 1 ? "" : " ÷ \(ReadableNumber.text(commit.completionSpeed))"
    if measured > range.upperBound {
      report(
        .completionLate,
        "completeTransition came \(seconds(measured)) after \(commit.kind.rawValue)InteractiveTransition; UIKit "
          + "runs the rest in \(formula)\(speed) = \(seconds(expected)) (accepted up to \(seconds(range.upperBound)))"
      )
    } else if measured < range.lowerBound {
      report(
        .completionEarly,
        "completeTransition came \(seconds(measured)) after \(commit.kind.rawValue)InteractiveTransition; the "
          + "remaining animation is \(formula)\(speed) = \(seconds(expected)), so the view snaps "
          + "(accepted from \(seconds(range.lowerBound)))")
    }
  }

  static func seconds(_ value: Double) -> String {
    ReadableNumber.seconds(value)
  }

  static func milliseconds(_ value: Double) -> String {
    ReadableNumber.milliseconds(value)
  }
}
