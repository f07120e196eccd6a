/// One kind of episode a generated window scene can run, with its weight in a configuration.
///
/// ```swift
/// SceneEpisode.presentObserved.weight(in: GeneratorConfiguration.Weights())  // 4
/// ```
///
/// `GeneratedScene` draws among the episodes possible on its stack, by weight, and writes the drawn one
/// through `EpisodeScript`.
enum SceneEpisode: CaseIterable, Sendable {
  case presentAnimated, presentInteractiveFinish, presentInteractiveCancel, presentNonAnimated
  case presentCallbacksOnly
  case dismissAnimated, dismissInteractiveFinish, dismissInteractiveCancel, dismissNonAnimated
  case dismissCallbacksOnly, dismissFromBelow, sheetSwipe, sheetSwipeCancelled, sheetSwipeRefused
  case rotation, mark
  case presentObserved, dismissObserved, observedSwipe, observedSwipeReverted
  case presentAnimatorOnly, presentAnimatorOnlyInteractive, dismissAnimatorOnly,
    dismissAnimatorOnlyInteractive
  case abortPresent, abortDismiss, interruptibleCatch, selfRunning

  /// The episode's weight in `weights`; 0 turns it off.
  func weight(in weights: GeneratorConfiguration.Weights) -> Int {
    switch self {
    case .presentAnimated: weights.presentAnimated
    case .presentInteractiveFinish: weights.presentInteractiveFinish
    case .presentInteractiveCancel: weights.presentInteractiveCancel
    case .presentNonAnimated: weights.presentNonAnimated
    case .presentCallbacksOnly: weights.presentCallbacksOnly
    case .dismissAnimated: weights.dismissAnimated
    case .dismissInteractiveFinish: weights.dismissInteractiveFinish
    case .dismissInteractiveCancel: weights.dismissInteractiveCancel
    case .dismissNonAnimated: weights.dismissNonAnimated
    case .dismissCallbacksOnly: weights.dismissCallbacksOnly
    case .dismissFromBelow: weights.dismissFromBelow
    case .sheetSwipe: weights.sheetSwipe
    case .sheetSwipeCancelled: weights.sheetSwipeCancelled
    case .sheetSwipeRefused: weights.sheetSwipeRefused
    case .rotation: weights.rotation
    case .mark: weights.mark
    case .presentObserved: weights.presentObserved
    case .dismissObserved: weights.dismissObserved
    case .observedSwipe: weights.observedSwipe
    case .observedSwipeReverted: weights.observedSwipeReverted
    case .presentAnimatorOnly: weights.presentAnimatorOnly
    case .presentAnimatorOnlyInteractive: weights.presentAnimatorOnlyInteractive
    case .dismissAnimatorOnly: weights.dismissAnimatorOnly
    case .dismissAnimatorOnlyInteractive: weights.dismissAnimatorOnlyInteractive
    case .abortPresent: weights.abortPresent
    case .abortDismiss: weights.abortDismiss
    case .interruptibleCatch: weights.interruptibleCatch
    case .selfRunning: weights.selfRunning
    }
  }
}
