import PresentationRecordingUIKit

final class ManualCardPresentationController: UIPresentationController {
  private var recorder: PresentationRecorder? { PresentationTrace.recorder }
  private var width: Double? { containerView.map { Double($0.bounds.width) } }
  private var height: Double? { containerView.map { Double($0.bounds.height) } }

  override func presentationTransitionWillBegin() {
    recorder?.presentationTransitionWillBegin(presentedViewController)
    super.presentationTransitionWillBegin()
  }

  override func presentationTransitionDidEnd(_ completed: Bool) {
    recorder?.presentationTransitionDidEnd(presentedViewController, completed: completed)
    super.presentationTransitionDidEnd(completed)
  }

  override func dismissalTransitionWillBegin() {
    recorder?.dismissalTransitionWillBegin(presentedViewController)
    super.dismissalTransitionWillBegin()
  }

  override func dismissalTransitionDidEnd(_ completed: Bool) {
    recorder?.dismissalTransitionDidEnd(presentedViewController, completed: completed)
    super.dismissalTransitionDidEnd(completed)
  }

  override func containerViewWillLayoutSubviews() {
    recorder?.containerViewWillLayoutSubviews(presentedViewController, width: width, height: height)
    super.containerViewWillLayoutSubviews()
  }

  override func containerViewDidLayoutSubviews() {
    super.containerViewDidLayoutSubviews()
    recorder?.containerViewDidLayoutSubviews(presentedViewController, width: width, height: height)
  }
}
