/// A call the app's animator or interaction controller (or UIKit's percent-driven interaction on its
/// behalf) makes on UIKit's transition context, as the hooks report it.
///
/// ```swift
/// core.transitionContext(context, .completeTransition(didComplete: true))
/// ```
public enum TransitionContextCall: Sendable, Hashable {
  case updateInteractiveTransition(percent: Double)
  case pauseInteractiveTransition
  case finishInteractiveTransition
  case cancelInteractiveTransition
  case completeTransition(didComplete: Bool)
}
