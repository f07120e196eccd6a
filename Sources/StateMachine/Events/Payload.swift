/// The typed payload of one event: every key trace format v1 defines, each optional.
///
/// ```swift
/// var payload = Payload()
/// payload.didComplete = true
/// ```
///
/// Which keys an event understands is `EventKind.payloadKeys`; the reader rejects wrong types
/// and missing required keys before a payload reaches the machine.
public struct Payload: Sendable, Hashable {
  /// `present`: who presents, a root or a presented id; the stack the presentation joins.
  public var presenter: String?
  /// `present`, `dismiss` and the appearance callbacks: whether UIKit animates, which decides whether an
  /// animator has to run.
  public var animated: Bool?
  /// `present`: the requested `modalPresentationStyle`; any style but `custom` is read from outside.
  public var style: String?
  /// `*DidEnd` and `animationEnded`: whether the transition took effect.
  public var completed: Bool?
  /// `completeTransition`: the animator's outcome, which `*DidEnd` has to agree with.
  public var didComplete: Bool?
  /// `viewWillTransitionToSize` and container layout passes: the width, in points.
  public var width: Double?
  /// `viewWillTransitionToSize` and container layout passes: the height, in points.
  public var height: Double?
  /// `animateTransition`, `interruptibleAnimator` and `startInteractiveTransition`: the declared duration, in
  /// seconds, which the timing rules hold the animation to.
  public var duration: Double?
  /// `updateInteractiveTransition`: the progress, 0...1, which says where the user let go.
  public var percent: Double?
  /// `finishInteractiveTransition` and `cancelInteractiveTransition`: the speed UIKit runs the rest at
  /// (default 1), which sets when `completeTransition` is due.
  public var completionSpeed: Double?
  /// Pan events: the finger's translation along the drag, in points.
  public var translation: Double?
  /// Pan events: the finger's velocity along the drag, in points per second.
  public var velocity: Double?
  /// `mark`: the app's label on the timeline.
  public var name: String?
  /// `startInteractiveTransition`: the interaction controller's `wantsInteractiveStart` (default true).
  public var wantsInteractiveStart: Bool?
  /// `viewWillAppear` of a presented controller: the style UIKit resolved once it created the
  /// presentation controller (`pageSheet` where `present` asked for `automatic`). Changes no finding.
  public var resolvedStyle: String?

  /// A payload built from the keys most events carry, for tests and generators.
  ///
  /// ```swift
  /// Payload(didComplete: true)
  /// ```
  public init(
    presenter: String? = nil, animated: Bool? = nil, style: String? = nil, completed: Bool? = nil,
    didComplete: Bool? = nil, width: Double? = nil, height: Double? = nil, duration: Double? = nil,
    percent: Double? = nil, completionSpeed: Double? = nil, translation: Double? = nil,
    velocity: Double? = nil, name: String? = nil, wantsInteractiveStart: Bool? = nil,
    resolvedStyle: String? = nil
  ) {
    self.presenter = presenter
    self.animated = animated
    self.style = style
    self.completed = completed
    self.didComplete = didComplete
    self.width = width
    self.height = height
    self.duration = duration
    self.percent = percent
    self.completionSpeed = completionSpeed
    self.translation = translation
    self.velocity = velocity
    self.name = name
    self.wantsInteractiveStart = wantsInteractiveStart
    self.resolvedStyle = resolvedStyle
  }

  /// The value stored under `key`, as JSON.
  public subscript(key: Key) -> JSONValue? {
    get {
      switch key {
      case .presenter: presenter.map(JSONValue.string)
      case .style: style.map(JSONValue.string)
      case .resolvedStyle: resolvedStyle.map(JSONValue.string)
      case .name: name.map(JSONValue.string)
      case .animated: animated.map(JSONValue.bool)
      case .completed: completed.map(JSONValue.bool)
      case .didComplete: didComplete.map(JSONValue.bool)
      case .wantsInteractiveStart: wantsInteractiveStart.map(JSONValue.bool)
      case .width: width.map(JSONValue.number)
      case .height: height.map(JSONValue.number)
      case .duration: duration.map(JSONValue.number)
      case .percent: percent.map(JSONValue.number)
      case .completionSpeed: completionSpeed.map(JSONValue.number)
      case .translation: translation.map(JSONValue.number)
      case .velocity: velocity.map(JSONValue.number)
      }
    }
    set {
      switch key {
      case .presenter: presenter = newValue?.stringValue
      case .style: style = newValue?.stringValue
      case .resolvedStyle: resolvedStyle = newValue?.stringValue
      case .name: name = newValue?.stringValue
      case .animated: animated = newValue?.boolValue
      case .completed: completed = newValue?.boolValue
      case .didComplete: didComplete = newValue?.boolValue
      case .wantsInteractiveStart: wantsInteractiveStart = newValue?.boolValue
      case .width: width = newValue?.numberValue
      case .height: height = newValue?.numberValue
      case .duration: duration = newValue?.numberValue
      case .percent: percent = newValue?.numberValue
      case .completionSpeed: completionSpeed = newValue?.numberValue
      case .translation: translation = newValue?.numberValue
      case .velocity: velocity = newValue?.numberValue
      }
    }
  }
}
