/// UIViewAnimating.h: `typedef NS_ENUM(NSInteger, UIViewAnimatingPosition)`, the position a property
/// animator's completion is handed.
public enum UIViewAnimatingPosition: Int, Sendable {
  case end = 0
  case start = 1
  case current = 2
}
