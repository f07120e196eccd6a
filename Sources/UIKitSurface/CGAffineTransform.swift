// On macOS CoreGraphics has the real type (Foundation brings it); declaring it again there would make every
// use ambiguous.
#if !canImport(CoreGraphics)
  /// CoreGraphics' affine transform (CoreGraphics.framework/Headers/CGAffineTransform.h: `struct
  /// CGAffineTransform { CGFloat a, b, c, d; CGFloat tx, ty; }`), the type of
  /// `UIViewControllerContextTransitioning.targetTransform`.
  public struct CGAffineTransform: Sendable, Equatable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
      (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// `CGAffineTransformMakeTranslation(CGFloat tx, CGFloat ty)`, in Swift `init(translationX:y:)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// `CGAffineTransformIdentity`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  }
#endif
