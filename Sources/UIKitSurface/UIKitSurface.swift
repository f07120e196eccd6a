// The UIKit API the presentation-recording glue uses (and the recording guides' Swift blocks, compiled as
// files of the glue's test target), declared for platforms that cannot import UIKit (Linux, macOS), so
// that the glue and the guides compile and the glue's tests run there. Each declaration is transcribed from
// the iOS SDK's public headers (iPhoneOS17.0.sdk, UIKit.framework/Headers; the header is named on each
// declaration) into the Swift UIKit imports them as, with these differences that Linux forces:
//
// - There is no Objective-C runtime: protocols are not `@objc`, and their optional requirements are
//   declared as requirements with extension defaults that do what UIKit does when a method is missing.
// - Bodies are just sufficient to run the glue: methods UIKit would run are empty (the tests' scripted
//   UIKit does UIKit's part), and properties UIKit computes are overridable and return what a view
//   controller that is on no stack returns.
// - `NSObject`, `CGRect`, `CGSize` and `CGFloat` come from swift-corelibs-foundation; `CGAffineTransform`
//   (CoreGraphics) is declared here because Foundation on Linux does not have it.
//
// Nothing here is used where UIKit can be imported: the glue then imports UIKit itself, a path that was
// never compiled in this package's CI.
@_exported import Foundation
