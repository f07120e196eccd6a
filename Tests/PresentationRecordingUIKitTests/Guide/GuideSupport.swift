import ScriptedUIKit

// Not part of the guide: what its blocks assume the app has.

/// The app's own transitioning delegate in the guide's custom-transition block.
typealias CardTransition = ScriptedTransition
