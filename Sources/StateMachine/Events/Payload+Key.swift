extension Payload {
  /// A payload key of trace format v1: its name in a line, the JSON type its value must have, and where a
  /// ``Payload`` keeps its value.
  ///
  /// ```swift
  /// Payload.Key.didComplete.valueType // .bool
  /// Payload.Key.didComplete.rawValue  // "didComplete", as a line spells it
  /// ```
  ///
  /// Each key is declared once: its case gives its name (the raw value), its row in `declaration` the rest.
  /// The reader's key tables, the recorder's key fragments and `Payload`'s storage are built from the rows.
  public enum Key: String, CaseIterable, Sendable {
    /// `present`: who presents, a root or a presented id; the stack the presentation joins.
    case presenter
    /// `present`, `dismiss` and the appearance callbacks: whether UIKit animates, which decides whether an
    /// animator has to run.
    case animated
    /// `present`: the requested `modalPresentationStyle`; any style but `custom` is read from outside.
    case style
    /// `*DidEnd` and `animationEnded`: whether the transition took effect.
    case completed
    /// `completeTransition`: the animator's outcome, which `*DidEnd` has to agree with.
    case didComplete
    /// `viewWillTransitionToSize` and container layout passes: the width, in points.
    case width
    /// `viewWillTransitionToSize` and container layout passes: the height, in points.
    case height
    /// `animateTransition`, `interruptibleAnimator` and `startInteractiveTransition`: the declared duration,
    /// in seconds, which the timing rules hold the animation to.
    case duration
    /// `updateInteractiveTransition`: the progress, 0...1, which says where the user let go.
    case percent
    /// `finishInteractiveTransition` and `cancelInteractiveTransition`: the speed UIKit runs the rest at
    /// (default 1), which sets when `completeTransition` is due.
    case completionSpeed
    /// Pan events: the finger's translation along the drag, in points.
    case translation
    /// Pan events: the finger's velocity along the drag, in points per second.
    case velocity
    /// `mark`: the app's label on the timeline.
    case name
    /// `startInteractiveTransition`: whether the interaction starts under the finger or running by itself.
    case wantsInteractiveStart
    /// `viewWillAppear` of a presented controller: the style UIKit resolved.
    case resolvedStyle

    /// The JSON type a value of this key must have.
    public enum ValueType: String, Sendable {
      /// `true` or `false`.
      case bool
      /// A JSON number, read as a `Double`.
      case number
      /// A JSON string.
      case string
    }

    /// The JSON type a value of this key must have.
    public var valueType: ValueType { declaration.type }

    /// The key's bit in a set of keys: `Payload` marks the keys it holds with it, the reader the keys each
    /// event kind allows and requires.
    var bit: UInt16 { 1 << UInt16(truncatingIfNeeded: declaration.index) }

    /// The key's number among all keys (its bit's position).
    var index: Int { declaration.index }

    /// Where `Payload` keeps the value, among the keys of the same type.
    var slot: Int { declaration.slot }

    /// The set of the string keys, by `bit`.
    static let stringKeys: UInt16 = allCases.reduce(0) { $1.valueType == .string ? $0 | $1.bit : $0 }

    /// Every key's row: its type, its index (its place in `allCases`, which a test holds it to) and its slot
    /// (the keys of one type numbered from 0, which a test holds within `Payload`'s storage). The rows are
    /// constants, so a read of one column is one table read (and none for a key known when compiling).
    @inline(__always)
    private var declaration: (type: ValueType, index: Int, slot: Int) {
      switch self {
      case .presenter: (.string, 0, 0)
      case .animated: (.bool, 1, 0)
      case .style: (.string, 2, 1)
      case .completed: (.bool, 3, 1)
      case .didComplete: (.bool, 4, 2)
      case .width: (.number, 5, 0)
      case .height: (.number, 6, 1)
      case .duration: (.number, 7, 2)
      case .percent: (.number, 8, 3)
      case .completionSpeed: (.number, 9, 4)
      case .translation: (.number, 10, 5)
      case .velocity: (.number, 11, 6)
      case .name: (.string, 12, 2)
      case .wantsInteractiveStart: (.bool, 13, 3)
      case .resolvedStyle: (.string, 14, 3)
      }
    }
  }
}

/// `Payload.Key` as the package's own code names it; users write `Payload.Key`.
package typealias PayloadKey = Payload.Key
