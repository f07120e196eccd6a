@_exported import PresentationStateMachine

// The glue is written against UIKit. Where UIKit cannot be imported (Linux, macOS) it is compiled against
// `UIKitSurface`, which declares exactly the UIKit API used here, transcribed from the iOS SDK headers;
// re-exported so that an app's (or a test's) code importing the glue sees the same types.
#if canImport(UIKit)
  @_exported import UIKit
#else
  @_exported import UIKitSurface
#endif
