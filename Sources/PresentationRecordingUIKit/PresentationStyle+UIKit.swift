extension PresentationStyle {
  /// The style a `modalPresentationStyle` is written as.
  ///
  /// ```swift
  /// PresentationStyle(UIModalPresentationStyle.pageSheet) // .pageSheet
  /// ```
  public init(_ style: UIModalPresentationStyle) {
    switch style {
    case .fullScreen: self = .fullScreen
    case .pageSheet: self = .pageSheet
    case .formSheet: self = .formSheet
    case .currentContext: self = .currentContext
    case .custom: self = .custom
    case .overFullScreen: self = .overFullScreen
    case .overCurrentContext: self = .overCurrentContext
    case .popover: self = .popover
    case .none: self = .none
    case .automatic: self = .automatic
    #if canImport(UIKit)
      // UIKit's enum is open: a style added after this file was written keeps its number.
      @unknown default: self = PresentationStyle(rawValue: "style\(style.rawValue)")
    #endif
    }
  }
}
