/// UIViewControllerTransitionCoordinator.h: `NS_SWIFT_UI_ACTOR @protocol
/// UIViewControllerTransitionCoordinator <UIViewControllerTransitionCoordinatorContext>` — the type of
/// `viewWillTransition(to:with:)`'s coordinator. The glue only passes it on, so none of its requirements
/// is declared.
@MainActor
public protocol UIViewControllerTransitionCoordinator: AnyObject {}
