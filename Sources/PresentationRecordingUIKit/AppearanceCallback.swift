/// One of `UIViewController`'s appearance callbacks, as the hooks report them.
///
/// ```swift
/// core.appearance(.viewIsAppearing, of: sheet, animated: true)
/// ```
public enum AppearanceCallback: Sendable, Hashable, CaseIterable {
  case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
}
