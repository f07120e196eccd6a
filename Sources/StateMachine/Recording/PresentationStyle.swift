/// The `modalPresentationStyle` a presentation was requested with, as the `style` of its `present` line.
///
/// ```swift
/// recorder.present(sheet, presenter: root, animated: true, style: .pageSheet)
/// PresentationStyle.pageSheet.rawValue // "pageSheet"
/// ```
///
/// Any style other than `.custom` tells the auditor that UIKit owns the presentation controller, so the
/// presentation is read from its request, appearance callbacks and adaptive delegate
/// (<doc:Rules#Presentations-observed-from-outside>). The names are UIKit's case names; a style UIKit adds
/// later can be written with `init(rawValue:)`.
public struct PresentationStyle: RawRepresentable, Sendable, Hashable {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// `.custom`: the app's transitioning delegate and presentation controller run the transition, so every
  /// callback can be recorded.
  public static let custom = PresentationStyle(rawValue: "custom")
  /// `.automatic`: UIKit picks the style (a page sheet on iOS 13 and later), which `viewWillAppear` can
  /// record resolved.
  public static let automatic = PresentationStyle(rawValue: "automatic")
  /// `.pageSheet`: a sheet the user can swipe away, observed through the adaptive delegate.
  public static let pageSheet = PresentationStyle(rawValue: "pageSheet")
  /// `.formSheet`: a smaller sheet, also swipeable.
  public static let formSheet = PresentationStyle(rawValue: "formSheet")
  /// `.fullScreen`: the presenter's view leaves the window, so the presenter gets appearance callbacks too.
  public static let fullScreen = PresentationStyle(rawValue: "fullScreen")
  /// `.overFullScreen`: full screen over the presenter, whose view stays and gets no appearance callbacks.
  public static let overFullScreen = PresentationStyle(rawValue: "overFullScreen")
  /// `.currentContext`: over the defining context's view, which leaves.
  public static let currentContext = PresentationStyle(rawValue: "currentContext")
  /// `.overCurrentContext`: over the defining context, which stays.
  public static let overCurrentContext = PresentationStyle(rawValue: "overCurrentContext")
  /// `.popover`: a popover, dismissed by a tap outside it as a sheet is by a swipe.
  public static let popover = PresentationStyle(rawValue: "popover")
  /// `.blurOverFullScreen`: tvOS's blurred full-screen style, named so the glue maps every UIKit style.
  public static let blurOverFullScreen = PresentationStyle(rawValue: "blurOverFullScreen")
  /// `.none`: the style an adaptive delegate returns to keep the requested one, named for the same reason.
  public static let none = PresentationStyle(rawValue: "none")
}
