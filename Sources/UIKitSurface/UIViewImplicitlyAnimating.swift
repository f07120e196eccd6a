/// UIViewAnimating.h: `NS_SWIFT_UI_ACTOR @protocol UIViewImplicitlyAnimating <UIViewAnimating>` — the
/// return type of `interruptibleAnimator(using:)`. The glue only passes it on, so none of its (or
/// `UIViewAnimating`'s) requirements is declared.
@MainActor
public protocol UIViewImplicitlyAnimating: AnyObject {}
