/// Interruptible transitions (<doc:Rules#Interruptible-transitions>): the animator vends
/// `interruptibleAnimator(using:)`, so the user may catch a finishing or cancelling transition and drive it
/// again, and an interaction controller with `wantsInteractiveStart` false starts it running by itself.
extension EpisodeScript {
  /// One interruptible transition: its id, direction, whether the app owns the presentation controller
  /// (`*WillBegin`, layout and `*DidEnd` logged) and the presenter whose view it removes.
  struct Interruptible: Sendable {
    var id: String
    var presenting: Bool
    /// The request's payload (`present` with its presenter and style, or `dismiss`).
    var request: Payload
    var controller: Bool
    var presenterAppearance: String?
  }

  /// How a self-running transition (`wantsInteractiveStart` false) goes on after its start.
  enum SelfRunning: Sendable, CaseIterable {
    /// Nobody touches it: the animation runs out and calls `completeTransition(true)`, no finish.
    case runsOut
    /// The user catches it (`pauseInteractiveTransition`), drags it and lets go: finish or cancel.
    case paused
    /// A tap outside (a cancel) or a button (a finish) while it runs, with no pause.
    case committed
  }

  /// The request, `*WillBegin` when the app owns the controller, and the appearance callbacks that start
  /// the transition.
  private mutating func begin(_ transition: Interruptible, random: inout SeededRandom) {
    let id = transition.id
    at(random.within(100...2000), id, transition.presenting ? .present : .dismiss, transition.request)
    if transition.controller {
      at(300, id, transition.presenting ? .presentationTransitionWillBegin : .dismissalTransitionWillBegin)
    }
    if let appearance = transition.presenterAppearance {
      if transition.presenting {
        at(200, appearance, .viewWillDisappear, Payload(animated: true))
      } else {
        appear(appearance, random: &random)
      }
    }
    if transition.presenting {
      appear(id, random: &random)
    } else {
      at(200, id, .viewWillDisappear, Payload(animated: true))
    }
  }

  /// Pan updates at 60 Hz from `from` to `to` in `steps`; returns the last percent.
  private mutating func pull(
    _ id: String, from: Double, to: Double, steps: Int, random: inout SeededRandom
  ) -> Double {
    var percent = from
    for step in 1...max(steps, 1) {
      let value = from + (to - from) * Double(step) / Double(max(steps, 1))
      percent = min(max((value * 10_000).rounded() / 10_000, 0), 1)
      at(
        16_000 + random.within(0...1000), id, .panChanged,
        Payload(translation: (percent * 6000).rounded() / 10, velocity: Double(random.within(-900...900))))
      at(200, id, .updateInteractiveTransition, Payload(percent: percent))
    }
    return percent
  }

  /// A percent-driven transition with an interruptible animator that the user lets go of and catches
  /// again once or twice (the WWDC 2016 photo transition): updates, finish or cancel, `panBegan` and
  /// `pauseInteractiveTransition` while the animation runs, updates, finish or cancel again;
  /// `completeTransition` follows the last of them after UIKit's remaining time.
  mutating func catchAndReverse(_ transition: Interruptible, random: inout SeededRandom) -> Bool {
    let id = transition.id
    let duration = Self.duration(&random)
    at(
      random.within(100...2000), id, .panBegan,
      Payload(translation: 0, velocity: Double(random.within(100...400))))
    begin(transition, random: &random)
    // UIPercentDrivenInteractiveTransition asks for the animator once before the start too.
    if random.chance(40) { at(200, id, .interruptibleAnimator, Payload(duration: duration)) }
    at(600, id, .startInteractiveTransition, Payload(duration: duration))
    at(200, id, .interruptibleAnimator, Payload(duration: duration))
    if transition.controller { layoutPass(id, will: transition.presenting, random: &random) }
    var finish = random.chance(50)
    var percent = pull(
      id, from: 0, to: Double(random.within(15...85)) / 100, steps: random.within(3...12), random: &random)
    at(16_000, id, .panEnded, Payload(translation: (percent * 6000).rounded() / 10, velocity: 0))
    var speed = commit(id, finish: finish, random: &random)
    for _ in 0..<random.within(1...2) {
      // The animation runs on towards its end for a moment (well inside UIKit's remaining time), then
      // the finger catches it where it is.
      let remaining = (finish ? 1 - percent : percent) * duration / speed
      let ran = min(remaining * Double(random.within(10...50)) / 100, 0.1)
      micros += Int64(ran * 1_000_000)
      let moved = ran / duration * (finish ? 1 : -1)
      let caught = min(max(percent + moved, 0.01), 0.99)
      at(0, id, .panBegan, Payload(translation: 0, velocity: Double(random.within(-300...300))))
      at(200, id, .pauseInteractiveTransition)
      if random.chance(50) { at(200, id, .interruptibleAnimator, Payload(duration: duration)) }
      finish = random.chance(50)
      let target = finish ? Double(random.within(50...95)) / 100 : Double(random.within(3...45)) / 100
      percent = pull(id, from: caught, to: target, steps: random.within(2...10), random: &random)
      at(16_000, id, .panEnded, Payload(translation: (percent * 6000).rounded() / 10, velocity: 0))
      speed = commit(id, finish: finish, random: &random)
    }
    let remaining = (finish ? 1 - percent : percent) * duration / speed
    complete(id, after: micros, seconds: remaining, didComplete: finish, random: &random)
    end(
      id, didComplete: finish, presenting: transition.presenting,
      presenterAppearance: transition.presenterAppearance, controller: transition.controller,
      random: &random)
    return finish
  }

  /// An interaction controller with `wantsInteractiveStart` false on an interruptible animator (a side
  /// menu): `startInteractiveTransition` starts the transition running, as if animated, and it goes on
  /// as `how` says. Returns whether the transition completed.
  mutating func selfRunning(_ transition: Interruptible, how: SelfRunning, random: inout SeededRandom) -> Bool
  {
    let id = transition.id
    let duration = Self.duration(&random)
    begin(transition, random: &random)
    // The animator vended before the start (UIPercentDrivenInteractiveTransition asks then), after it
    // (UIKit asks after every start), or both: any of them makes the transition interruptible.
    let before = random.chance(60)
    if before { at(200, id, .interruptibleAnimator, Payload(duration: duration)) }
    let animationStart = micros
    at(200, id, .startInteractiveTransition, Payload(duration: duration, wantsInteractiveStart: false))
    if !before || random.chance(50) { at(200, id, .interruptibleAnimator, Payload(duration: duration)) }
    // The first of animateTransition and interruptibleAnimator starts the animation for timing.
    let start = before ? animationStart : micros
    if transition.controller { layoutPass(id, will: transition.presenting, random: &random) }
    let finish: Bool
    switch how {
    case .runsOut:
      finish = true
      complete(id, after: start, seconds: duration, didComplete: true, random: &random)
    case .paused:
      let elapsed = duration * Double(random.within(10...70)) / 100
      micros = max(micros, start + Int64(elapsed * 1_000_000))
      at(0, id, .panBegan, Payload(translation: 0, velocity: Double(random.within(-300...300))))
      at(200, id, .pauseInteractiveTransition)
      finish = random.chance(50)
      let target = finish ? Double(random.within(50...95)) / 100 : Double(random.within(3...45)) / 100
      let percent = pull(
        id, from: elapsed / duration, to: target, steps: random.within(2...10), random: &random)
      at(16_000, id, .panEnded, Payload(translation: (percent * 6000).rounded() / 10, velocity: 0))
      let speed = commit(id, finish: finish, random: &random)
      complete(
        id, after: micros, seconds: (finish ? 1 - percent : percent) * duration / speed, didComplete: finish,
        random: &random)
    case .committed:
      let elapsed = duration * Double(random.within(10...70)) / 100
      micros = max(micros, start + Int64(elapsed * 1_000_000))
      finish = random.chance(30)
      let speed = commit(id, finish: finish, random: &random)
      // Updates cannot move a running animator: it stands where it ran to by the finish or cancel, and
      // UIKit runs the rest forward, or what ran back (<doc:Rules#Interruptible-transitions>).
      let ran = min(max(Double(micros - start) / 1_000_000 / duration, 0), 1)
      let seconds = (finish ? 1 - ran : ran) * duration / speed
      complete(id, after: micros, seconds: seconds, didComplete: finish, random: &random)
    }
    end(
      id, didComplete: finish, presenting: transition.presenting,
      presenterAppearance: transition.presenterAppearance, controller: transition.controller,
      random: &random)
    return finish
  }
}
