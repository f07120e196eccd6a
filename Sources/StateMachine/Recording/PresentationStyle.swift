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

  public static let custom = PresentationStyle(rawValue: "custom")
  public static let automatic = PresentationStyle(rawValue: "automatic")
  public static let pageSheet = PresentationStyle(rawValue: "pageSheet")
  public static let formSheet = PresentationStyle(rawValue: "formSheet")
  public static let fullScreen = PresentationStyle(rawValue: "fullScreen")
  public static let overFullScreen = PresentationStyle(rawValue: "overFullScreen")
  public static let currentContext = PresentationStyle(rawValue: "currentContext")
  public static let overCurrentContext = PresentationStyle(rawValue: "overCurrentContext")
  public static let popover = PresentationStyle(rawValue: "popover")
  public static let blurOverFullScreen = PresentationStyle(rawValue: "blurOverFullScreen")
  public static let none = PresentationStyle(rawValue: "none")
}
