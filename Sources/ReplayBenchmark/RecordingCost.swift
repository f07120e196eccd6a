import Foundation
import PresentationRecordingUIKit

/// What one recorded callback costs, through the UIKit glue and without it: `ReplayBenchmark --recording`.
///
/// ```swift
/// print(RecordingCost.report(calls: 1_000_000, runs: 3))
/// ```
///
/// One thread, the system clock, a sink that discards lines (the recording alone, no I/O), the best of
/// `runs` runs after a warm-up. Rows: the bare `TraceRecorder.record` with a string id; the typed
/// `PresentationRecorder` call (adds the id lookup by object); `updateInteractiveTransition` through the
/// context hook's core (what the method hooked on UIKit's context class runs before UIKit's: the lookup of
/// the context among the transitions the app animates); `viewWillAppear` through the appearance hook's
/// core; and a `present` through the request hook with its completion block run (two events). On a device
/// a hooked method adds one indirect call to the original implementation and the main-thread check
/// (`MainThreadGate`), which this Linux build cannot time.
@MainActor
enum RecordingCost {
  /// A sink that drops every line.
  final class DiscardingSink: TraceSink {
    func write(_ line: String) throws(RecordingError) {}
    func writeLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {}
    func flush() throws(RecordingError) {}
    func close() throws(RecordingError) {}
  }

  /// UIKit's context, doing nothing.
  final class Context: NSObject, UIViewControllerContextTransitioning {
    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    var isAnimated: Bool { true }
    var isInteractive: Bool { true }
    var transitionWasCancelled: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .custom }
    var targetTransform: CGAffineTransform { .identity }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func pauseInteractiveTransition() {}
    func completeTransition(_ didComplete: Bool) {}
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    func initialFrame(for vc: UIViewController) -> CGRect { .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { .zero }
  }

  /// The app's animator: keeps the context it is handed, as animators do.
  final class Animator: NSObject, UIViewControllerAnimatedTransitioning {
    var context: (any UIViewControllerContextTransitioning)?
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
      -> TimeInterval
    {
      0.4
    }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
      context = transitionContext
    }
  }

  /// The app's transitioning delegate.
  final class Transition: NSObject, UIViewControllerTransitioningDelegate {
    let animator = Animator()
    func animationController(
      forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { animator }
  }

  /// A view controller that presents nothing and is on no stack.
  final class Card: UIViewController {}

  static func report(calls: Int, runs: Int) -> String {
    var out = "recording cost: \(calls) calls per run, 1 thread, system clock, discarding sink, "
    out += "best of \(runs) runs after a warm-up\n"
    out += "  path                                                   ns per callback\n"
    func row(_ name: String, _ nanoseconds: Double) -> String {
      "  \(name.padding(toLength: 55, withPad: " ", startingAt: 0))" + String(format: "%8.0f", nanoseconds)
        + "\n"
    }
    out += row("TraceRecorder.record (bare recorder, string id)", best(runs) { bare(calls) })
    out += row("PresentationRecorder.updateInteractiveTransition", best(runs) { typed(calls) })
    out += row(
      "glue: context update through its class hook", best(runs) { contextHook(calls) })
    out += row("glue: viewWillAppear through the appearance hook", best(runs) { appearanceHook(calls) })
    out += row("glue: present hook + completion (per event, 2 events)", best(runs) { presentHook(calls) })
    return out
  }

  /// The fastest of `runs` timed runs, after one untimed.
  private static func best(_ runs: Int, _ body: () -> Double) -> Double {
    _ = body()
    return (0..<max(runs, 1)).map { _ in body() }.min() ?? .nan
  }

  private static func time(_ calls: Int, events: Int? = nil, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(events ?? calls)
  }

  private static func bare(_ calls: Int) -> Double {
    let recorder = TraceRecorder(sink: DiscardingSink())
    return time(calls) {
      for index in 0..<calls {
        recorder.record(
          .updateInteractiveTransition, id: "Card#1", Payload(percent: Double(index % 1000) / 1000))
      }
    }
  }

  private static func typed(_ calls: Int) -> Double {
    let recorder = PresentationRecorder(TraceRecorder(sink: DiscardingSink()))
    let card = Card()
    return time(calls) {
      for index in 0..<calls {
        recorder.updateInteractiveTransition(card, percent: Double(index % 1000) / 1000)
      }
    }
  }

  private static func core() -> PresentationHookCore {
    PresentationHookCore(
      recorder: PresentationRecorder(TraceRecorder(sink: DiscardingSink())), installer: StandInHookInstaller()
    )
  }

  private static func contextHook(_ calls: Int) -> Double {
    let core = core()
    let card = Card()
    let root = Card()
    let transition = Transition()
    _ = core.willPresent(card, from: root, animated: true, completion: nil)
    let animator = transition.animator
    core.vended(animator: animator, for: card)
    let context = Context()
    core.animateTransition(animator, using: context)
    return time(calls) {
      for index in 0..<calls {
        core.transitionContext(context, .updateInteractiveTransition(percent: Double(index % 1000) / 1000))
        context.updateInteractiveTransition(CGFloat(index % 1000) / 1000)
      }
    }
  }

  private static func appearanceHook(_ calls: Int) -> Double {
    let core = core()
    let card = Card()
    _ = core.willPresent(card, from: Card(), animated: true, completion: nil)
    return time(calls) {
      for _ in 0..<calls { core.appearance(.viewWillAppear, of: card, animated: true) }
    }
  }

  private static func presentHook(_ calls: Int) -> Double {
    let core = core()
    let card = Card()
    let root = Card()
    let count = calls / 2
    return time(count, events: count * 2) {
      for _ in 0..<count {
        let request = core.willPresent(card, from: root, animated: true, completion: nil)
        core.requestReturned(request)
        request.completion?()
      }
    }
  }
}
