import PresentationRecordingUIKit

/// The app's own presentation controller, vended by its transitioning delegate for `.custom`.
@MainActor
public final class CardPresentationController: ScriptedPresentationController {}
