import PresentationRecordingUIKit

final class SettingsViewController: RecordedViewController {
  func done() {
    let recorder = PresentationTrace.recorder
    recorder?.dismiss(self, animated: true)
    dismiss(animated: true) { [weak self] in if let self { recorder?.completion(self) } }
  }
}

final class LibraryViewController: UIViewController, UIAdaptivePresentationControllerDelegate {
  func showSettings() {
    let settings = SettingsViewController()
    settings.modalPresentationStyle = .pageSheet
    settings.presentationController?.delegate = self  // after the style, before presenting
    let recorder = PresentationTrace.recorder
    let style = PresentationStyle(settings.modalPresentationStyle)
    recorder?.present(settings, presenter: self, animated: true, style: style)
    present(settings, animated: true) { recorder?.completion(settings) }
  }

  func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
    PresentationTrace.recorder?.presentationControllerWillDismiss(
      presentationController.presentedViewController)
  }

  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    PresentationTrace.recorder?.presentationControllerDidDismiss(
      presentationController.presentedViewController)
  }

  func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
    PresentationTrace.recorder?.presentationControllerDidAttemptToDismiss(
      presentationController.presentedViewController)
  }
}
