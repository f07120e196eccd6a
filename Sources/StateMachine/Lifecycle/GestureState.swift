/// What the pan gesture of one id is doing, for deadlines and `gesture-after-commit`.
///
/// ```swift
/// gesture.isActive // true between panBegan and panEnded/panCancelled
/// ```
///
/// Gestures never create or need a presentation (<doc:Rules#Gestures>): the state is kept per id on its own.
package struct GestureState: Sendable, Hashable, Codable {
  /// A finger is down: `panBegan` or `panChanged` came last.
  package var isActive = false
  /// When the finger last lifted (`panEnded` or `panCancelled`).
  package var endedT: Double?
  /// When the gesture last did anything.
  package var lastT: Double = 0

  package init() {}
}
