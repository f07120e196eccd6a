#if canImport(ObjectiveC) && canImport(UIKit)
  import ObjectiveC
  import UIKit

  /// The installer on iOS: hooks UIKit's and the app's methods, class by class, so that each call reaches
  /// `PresentationHooks.shared.core` and then the implementation it replaced.
  ///
  /// ```swift
  /// PresentationHooks.install(recording: recorder) // uses it on iOS
  /// ```
  ///
  /// This is the only code that needs the Objective-C runtime; `Tests/iOS/typecheck.sh` compiles it
  /// against the iPhoneOS SDK, and everything it calls (`PresentationHookCore`) is tested on Linux.
  ///
  /// - Requests (`present`, `dismiss`), `UIViewController.transitioningDelegate`'s setter and
  ///   `UIPresentationController.delegate`'s setter are hooked once, on UIKit's base classes; the setters
  ///   pass the delegate through unchanged.
  /// - Every other method is hooked on the class an object reports (`[object class]`, never a KVO
  ///   subclass), when the core first meets such an object, once per class and role, for the process.
  ///   A class that inherits the method gets an override that calls its superclass's implementation as it
  ///   is at the time of the call; a selector of an optional protocol method the class does not implement
  ///   is left alone, since adding it would change `respondsToSelector:` for every instance.
  /// - A hook records only when the receiver reports the hooked class itself, so a subclass that calls
  ///   `super` is recorded once, by its own hook, before its override runs.
  /// - A call off the main thread goes to the original unrecorded (`PresentationHooks.gate`).
  /// - `uninstall()` restores each original implementation where the hook is still in place; where another
  ///   library hooked the method since, the hook stays and only passes calls through. A later install
  ///   hooks again, and the old hooks stay silent (each records only for the install it belongs to).
  @MainActor
  public final class SwizzlingHookInstaller: HookInstaller {
    /// One replaced method, to restore on `uninstall()`.
    private struct Swap {
      let method: Method
      let original: IMP
      let replacement: IMP
    }

    private struct HookedClass: Hashable {
      let type: ObjectIdentifier
      let role: HookedRole
    }

    private static var installedGroups: Set<HookGroup> = []
    private static var hookedClasses: Set<HookedClass> = []
    private static var swaps: [Swap] = []
    /// The install the hooks record for; a hook made for an earlier install passes calls through.
    nonisolated(unsafe) private static var generation = 0

    public init() {}

    // MARK: HookInstaller

    public func install(_ group: HookGroup) -> String? {
      let target: AnyClass =
        switch group {
        case .requests, .appearance, .viewIsAppearing, .transitions: UIViewController.self
        case .presentationController, .adaptiveDelegate: UIPresentationController.self
        }
      let missing = group.selectors.filter {
        class_getInstanceMethod(target, NSSelectorFromString($0)) == nil
      }
      guard missing.isEmpty else { return "\(missing.joined(separator: ", ")) not found on \(target)" }
      if Self.installedGroups.isEmpty { Self.generation += 1 }
      guard Self.installedGroups.insert(group).inserted else { return nil }
      switch group {
      case .requests: Self.hookRequests()
      case .adaptiveDelegate: Self.hookDelegateSetter()
      case .transitions: Self.hookTransitioningDelegateSetter()
      case .appearance, .viewIsAppearing, .presentationController: break  // per class
      }
      return nil
    }

    public func hookClass(of object: AnyObject, as role: HookedRole) {
      let type: AnyClass = Self.reportedClass(of: object)
      guard Self.hookedClasses.insert(HookedClass(type: ObjectIdentifier(type), role: role)).inserted else {
        return
      }
      switch role {
      case .viewController: Self.hookAppearance(on: type)
      case .transitioningDelegate:
        // UIKit and Apple's frameworks set transitioning delegates of their own (an alert's, AVKit's
        // player): those transitions are UIKit's, seen from outside, never the app's custom ones.
        guard Self.isAppClass(type) else { return }
        Self.hookTransitioningDelegate(on: type)
      case .animator: Self.hookAnimator(on: type)
      case .interactionController: Self.hookInteractionController(on: type)
      case .transitionContext: Self.hookContext(on: type)
      case .presentationController: Self.hookPresentationController(on: type)
      case .adaptiveDelegate: Self.hookAdaptiveDelegate(on: type)
      }
    }

    public func uninstall() {
      for swap in Self.swaps.reversed() where method_getImplementation(swap.method) == swap.replacement {
        method_setImplementation(swap.method, swap.original)
      }
      Self.swaps.removeAll()
      Self.installedGroups.removeAll()
      Self.hookedClasses.removeAll()
      Self.generation += 1
    }

    // MARK: Entering a hook

    /// Runs `body` with the installed core when the hook belongs to the current install, runs on the main
    /// thread and (for per-class hooks) the receiver reports `hookedClass`; otherwise does nothing.
    nonisolated private static func record(
      _ generation: Int, _ selector: Selector, receiver: AnyObject? = nil, hookedClass: AnyClass? = nil,
      _ body: @MainActor (PresentationHookCore) -> Void
    ) {
      // The gate first: `generation` is written on the main thread only, so it is read there only.
      guard PresentationHooks.gate.admits(NSStringFromSelector(selector)), generation == Self.generation
      else {
        return
      }
      if let receiver, let hookedClass, reportedClass(of: receiver) !== hookedClass { return }
      MainActor.assumeIsolated {
        if let core = PresentationHooks.shared.core { body(core) }
      }
    }

    /// The class `object` reports (`-[NSObject class]`), which for a KVO-observed object is its class
    /// before observation, where `object_getClass` would give the subclass KVO made.
    nonisolated private static func reportedClass(of object: AnyObject) -> AnyClass {
      // A proxy forwarding `-class` to a target that is gone answers nil: its runtime class stands in.
      typealias ClassMethod = @convention(c) (AnyObject, Selector) -> AnyClass?
      let selector = NSSelectorFromString("class")
      guard let runtimeClass = object_getClass(object),
        let implementation = class_getMethodImplementation(runtimeClass, selector)
      else { return type(of: object) }
      return unsafeBitCast(implementation, to: ClassMethod.self)(object, selector) ?? runtimeClass
    }

    /// Whether `type` is the app's own (its executable, or a framework inside its bundle), not a class
    /// of the system's frameworks.
    private static func isAppClass(_ type: AnyClass) -> Bool {
      guard let image = class_getImageName(type) else { return false }
      return String(cString: image).hasPrefix(Bundle.main.bundlePath)
    }

    // MARK: Replacing a method

    /// Replaces `selector` on `type` with the block `make` builds around the implementation it replaces,
    /// handed as a function that finds it at the time of the call: the class's own implementation, or
    /// (for a method the class only inherits, which gets an override) its superclass's as it is then.
    /// A selector the class does not respond to is left alone: never added.
    private static func replace<Function>(
      _ type: AnyClass, _ selector: Selector, as function: Function.Type,
      _ make: (_ original: @escaping @Sendable () -> Function?) -> Any
    ) {
      guard let method = class_getInstanceMethod(type, selector) else { return }
      let own = Self.ownsMethod(type, selector)
      let captured = unsafeBitCast(method_getImplementation(method), to: Function.self)
      nonisolated(unsafe) let ownImplementation = own ? captured : nil
      let inheritedFrom: AnyClass? = class_getSuperclass(type)
      let original: @Sendable () -> Function? = {
        if let ownImplementation { return ownImplementation }
        guard let implementation = class_getMethodImplementation(inheritedFrom, selector) else { return nil }
        return unsafeBitCast(implementation, to: Function.self)
      }
      let replacement = imp_implementationWithBlock(make(original))
      if own {
        let previous = method_setImplementation(method, replacement)
        swaps.append(Swap(method: method, original: previous, replacement: replacement))
      } else {
        _ = class_addMethod(type, selector, replacement, method_getTypeEncoding(method))
      }
    }

    /// Whether `type` itself (not a superclass) implements `selector`.
    private static func ownsMethod(_ type: AnyClass, _ selector: Selector) -> Bool {
      var count: UInt32 = 0
      guard let methods = class_copyMethodList(type, &count) else { return false }
      defer { free(methods) }
      return (0..<Int(count)).contains { method_getName(methods[$0]) == selector }
    }

    private static func block(_ function: (() -> Void)?) -> (@convention(block) () -> Void)? {
      guard let function else { return nil }
      return { function() }
    }

    // MARK: Requests and the delegate setter (UIKit's base classes)

    private static func hookRequests() {
      let generation = generation
      typealias Present =
        @convention(c) (
          UIViewController, Selector, UIViewController?, Bool, (@convention(block) () -> Void)?
        ) -> Void
      let present = #selector(UIViewController.present(_:animated:completion:))
      replace(UIViewController.self, present, as: Present.self) { original in
        let hook:
          @convention(block) (UIViewController, UIViewController?, Bool, (@convention(block) () -> Void)?) ->
            Void = { receiver, presented, animated, completion in
              // Presenting nil is the app's bug, which UIKit reports itself: passed through unrecorded.
              guard let presented else {
                original()?(receiver, present, nil, animated, completion)
                return
              }
              nonisolated(unsafe) let appCompletion = completion
              nonisolated(unsafe) var request: PresentationHookCore.Request?
              record(generation, present) { core in
                request = core.willPresent(
                  presented, from: receiver, animated: animated,
                  completion: appCompletion.map { f in { f() } })
              }
              let handed = request.map { block($0.completion) } ?? completion
              original()?(receiver, present, presented, animated, handed)
              if let finished = request {
                nonisolated(unsafe) let returned = finished
                record(generation, present) { core in core.requestReturned(returned) }
              }
            }
        return hook
      }
      typealias Dismiss =
        @convention(c) (UIViewController, Selector, Bool, (@convention(block) () -> Void)?) -> Void
      let dismiss = #selector(UIViewController.dismiss(animated:completion:))
      replace(UIViewController.self, dismiss, as: Dismiss.self) { original in
        let hook: @convention(block) (UIViewController, Bool, (@convention(block) () -> Void)?) -> Void = {
          receiver, animated, completion in
          nonisolated(unsafe) let appCompletion = completion
          nonisolated(unsafe) var request: PresentationHookCore.Request?
          record(generation, dismiss) { core in
            request = core.willDismiss(
              from: receiver, animated: animated, completion: appCompletion.map { f in { f() } })
          }
          let handed = request.map { block($0.completion) } ?? completion
          original()?(receiver, dismiss, animated, handed)
          if let finished = request {
            nonisolated(unsafe) let returned = finished
            record(generation, dismiss) { core in core.requestReturned(returned) }
          }
        }
        return hook
      }
    }

    private static func hookDelegateSetter() {
      let generation = generation
      typealias Setter =
        @convention(c) (
          UIPresentationController, Selector, (any UIAdaptivePresentationControllerDelegate)?
        ) -> Void
      let selector = NSSelectorFromString("setDelegate:")
      replace(UIPresentationController.self, selector, as: Setter.self) { original in
        let hook:
          @convention(block) (UIPresentationController, (any UIAdaptivePresentationControllerDelegate)?) ->
            Void = { controller, delegate in
              original()?(controller, selector, delegate)
              nonisolated(unsafe) let set = delegate
              record(generation, selector) { core in core.adaptiveDelegateSet(set, on: controller) }
            }
        return hook
      }
    }

    private static func hookTransitioningDelegateSetter() {
      let generation = generation
      typealias Setter =
        @convention(c) (UIViewController, Selector, (any UIViewControllerTransitioningDelegate)?) -> Void
      let selector = NSSelectorFromString("setTransitioningDelegate:")
      replace(UIViewController.self, selector, as: Setter.self) { original in
        let hook:
          @convention(block) (UIViewController, (any UIViewControllerTransitioningDelegate)?) -> Void = {
            controller, delegate in
            original()?(controller, selector, delegate)
            nonisolated(unsafe) let set = delegate
            record(generation, selector) { core in core.transitioningDelegateSet(set, on: controller) }
          }
        return hook
      }
    }

    // MARK: Per class

    private static func hookAppearance(on type: AnyClass) {
      let generation = generation
      typealias Appearance = @convention(c) (UIViewController, Selector, Bool) -> Void
      let callbacks: [(String, AppearanceCallback)] = [
        ("viewWillAppear:", .viewWillAppear), ("viewIsAppearing:", .viewIsAppearing),
        ("viewDidAppear:", .viewDidAppear), ("viewWillDisappear:", .viewWillDisappear),
        ("viewDidDisappear:", .viewDidDisappear),
      ]
      for (name, callback) in callbacks {
        let selector = NSSelectorFromString(name)
        replace(type, selector, as: Appearance.self) { original in
          let hook: @convention(block) (UIViewController, Bool) -> Void = { controller, animated in
            record(generation, selector, receiver: controller, hookedClass: type) { core in
              core.appearance(callback, of: controller, animated: animated)
            }
            original()?(controller, selector, animated)
          }
          return hook
        }
      }
      typealias Resize =
        @convention(c) (UIViewController, Selector, CGSize, any UIViewControllerTransitionCoordinator) -> Void
      let resize = #selector(UIViewController.viewWillTransition(to:with:))
      replace(type, resize, as: Resize.self) { original in
        let hook:
          @convention(block) (UIViewController, CGSize, any UIViewControllerTransitionCoordinator) -> Void = {
            controller, size, coordinator in
            record(generation, resize, receiver: controller, hookedClass: type) { core in
              core.viewWillTransition(of: controller, to: size)
            }
            original()?(controller, resize, size, coordinator)
          }
        return hook
      }
    }

    private static func hookTransitioningDelegate(on type: AnyClass) {
      let generation = generation
      typealias Animator = any UIViewControllerAnimatedTransitioning
      typealias Interactor = any UIViewControllerInteractiveTransitioning
      typealias ForPresented =
        @convention(c) (NSObject, Selector, UIViewController, UIViewController, UIViewController) -> Animator?
      let forPresented = NSSelectorFromString(
        "animationControllerForPresentedController:presentingController:sourceController:")
      replace(type, forPresented, as: ForPresented.self) { original in
        let hook:
          @convention(block) (NSObject, UIViewController, UIViewController, UIViewController) -> Animator? =
            { delegate, presented, presenting, source in
              let animator = original()?(delegate, forPresented, presented, presenting, source)
              nonisolated(unsafe) let vended = animator
              record(generation, forPresented, receiver: delegate, hookedClass: type) { core in
                core.vended(animator: vended, for: presented)
              }
              return animator
            }
        return hook
      }
      typealias ForDismissed = @convention(c) (NSObject, Selector, UIViewController) -> Animator?
      let forDismissed = NSSelectorFromString("animationControllerForDismissedController:")
      replace(type, forDismissed, as: ForDismissed.self) { original in
        let hook: @convention(block) (NSObject, UIViewController) -> Animator? = { delegate, dismissed in
          let animator = original()?(delegate, forDismissed, dismissed)
          nonisolated(unsafe) let vended = animator
          record(generation, forDismissed, receiver: delegate, hookedClass: type) { core in
            core.vended(animator: vended, for: dismissed)
          }
          return animator
        }
        return hook
      }
      typealias ForInteraction = @convention(c) (NSObject, Selector, Animator) -> Interactor?
      for name in ["interactionControllerForPresentation:", "interactionControllerForDismissal:"] {
        let selector = NSSelectorFromString(name)
        replace(type, selector, as: ForInteraction.self) { original in
          let hook: @convention(block) (NSObject, Animator) -> Interactor? = { delegate, animator in
            let interactor = original()?(delegate, selector, animator)
            nonisolated(unsafe) let vended = interactor
            nonisolated(unsafe) let running = animator
            record(generation, selector, receiver: delegate, hookedClass: type) { core in
              core.vended(interactor: vended, for: running)
            }
            return interactor
          }
          return hook
        }
      }
      typealias ForController =
        @convention(c) (NSObject, Selector, UIViewController, UIViewController?, UIViewController) ->
        UIPresentationController?
      let forController = NSSelectorFromString(
        "presentationControllerForPresentedViewController:presentingViewController:sourceViewController:")
      replace(type, forController, as: ForController.self) { original in
        let hook:
          @convention(block) (NSObject, UIViewController, UIViewController?, UIViewController) ->
            UIPresentationController? = { delegate, presented, presenting, source in
              let controller = original()?(delegate, forController, presented, presenting, source)
              record(generation, forController, receiver: delegate, hookedClass: type) { core in
                core.vended(presentationController: controller)
              }
              return controller
            }
        return hook
      }
    }

    private static func hookAnimator(on type: AnyClass) {
      let generation = generation
      typealias Context = any UIViewControllerContextTransitioning
      typealias Animate = @convention(c) (NSObject, Selector, Context) -> Void
      let animate = NSSelectorFromString("animateTransition:")
      replace(type, animate, as: Animate.self) { original in
        let hook: @convention(block) (NSObject, Context) -> Void = { animator, context in
          nonisolated(unsafe) let (running, transition) = (animator, context)
          record(generation, animate, receiver: animator, hookedClass: type) { core in
            if let running = running as? any UIViewControllerAnimatedTransitioning {
              core.animateTransition(running, using: transition)
            }
          }
          original()?(animator, animate, context)
        }
        return hook
      }
      // Optional although UIKit declares it non-null: an animator that returns nil makes UIKit's
      // percent-driven interaction fall back to `animateTransition:`, which a stand-in would prevent.
      typealias Interruptible =
        @convention(c) (NSObject, Selector, Context) -> (any UIViewImplicitlyAnimating)?
      let interruptible = NSSelectorFromString("interruptibleAnimatorForTransition:")
      replace(type, interruptible, as: Interruptible.self) { original in
        let hook: @convention(block) (NSObject, Context) -> (any UIViewImplicitlyAnimating)? = {
          animator, context in
          let vended = original()?(animator, interruptible, context)
          // Recorded when the animator vended one, as the app's animator answered.
          guard vended != nil else { return nil }
          nonisolated(unsafe) let (running, transition) = (animator, context)
          record(generation, interruptible, receiver: animator, hookedClass: type) { core in
            if let running = running as? any UIViewControllerAnimatedTransitioning {
              core.interruptibleAnimator(running, using: transition)
            }
          }
          return vended
        }
        return hook
      }
      typealias Ended = @convention(c) (NSObject, Selector, Bool) -> Void
      let ended = NSSelectorFromString("animationEnded:")
      replace(type, ended, as: Ended.self) { original in
        let hook: @convention(block) (NSObject, Bool) -> Void = { animator, completed in
          nonisolated(unsafe) let running = animator
          record(generation, ended, receiver: animator, hookedClass: type) { core in
            if let running = running as? any UIViewControllerAnimatedTransitioning {
              core.animationEnded(running, completed: completed)
            }
          }
          original()?(animator, ended, completed)
        }
        return hook
      }
    }

    private static func hookInteractionController(on type: AnyClass) {
      let generation = generation
      typealias Start = @convention(c) (NSObject, Selector, any UIViewControllerContextTransitioning) -> Void
      let start = NSSelectorFromString("startInteractiveTransition:")
      replace(type, start, as: Start.self) { original in
        let hook: @convention(block) (NSObject, any UIViewControllerContextTransitioning) -> Void = {
          interactor, context in
          nonisolated(unsafe) let (driving, transition) = (interactor, context)
          record(generation, start, receiver: interactor, hookedClass: type) { core in
            if let driving = driving as? any UIViewControllerInteractiveTransitioning {
              core.startInteractiveTransition(driving, using: transition)
            }
          }
          original()?(interactor, start, context)
        }
        return hook
      }
    }

    private static func hookContext(on type: AnyClass) {
      let generation = generation
      typealias Plain = @convention(c) (NSObject, Selector) -> Void
      let plain: [(String, TransitionContextCall)] = [
        ("pauseInteractiveTransition", .pauseInteractiveTransition),
        ("finishInteractiveTransition", .finishInteractiveTransition),
        ("cancelInteractiveTransition", .cancelInteractiveTransition),
      ]
      for (name, call) in plain {
        let selector = NSSelectorFromString(name)
        replace(type, selector, as: Plain.self) { original in
          let hook: @convention(block) (NSObject) -> Void = { context in
            contextCall(generation, selector, context, type, call)
            original()?(context, selector)
          }
          return hook
        }
      }
      typealias Update = @convention(c) (NSObject, Selector, CGFloat) -> Void
      let update = NSSelectorFromString("updateInteractiveTransition:")
      replace(type, update, as: Update.self) { original in
        let hook: @convention(block) (NSObject, CGFloat) -> Void = { context, percent in
          contextCall(
            generation, update, context, type, .updateInteractiveTransition(percent: Double(percent)))
          original()?(context, update, percent)
        }
        return hook
      }
      typealias Complete = @convention(c) (NSObject, Selector, Bool) -> Void
      let complete = NSSelectorFromString("completeTransition:")
      replace(type, complete, as: Complete.self) { original in
        let hook: @convention(block) (NSObject, Bool) -> Void = { context, didComplete in
          contextCall(generation, complete, context, type, .completeTransition(didComplete: didComplete))
          original()?(context, complete, didComplete)
        }
        return hook
      }
    }

    nonisolated private static func contextCall(
      _ generation: Int, _ selector: Selector, _ context: NSObject, _ type: AnyClass,
      _ call: TransitionContextCall
    ) {
      nonisolated(unsafe) let transition = context
      record(generation, selector, receiver: context, hookedClass: type) { core in
        if let transition = transition as? any UIViewControllerContextTransitioning {
          core.transitionContext(transition, call)
        }
      }
    }

    private static func hookPresentationController(on type: AnyClass) {
      let generation = generation
      typealias Plain = @convention(c) (UIPresentationController, Selector) -> Void
      let plain: [(String, PresentationControllerCallback)] = [
        ("presentationTransitionWillBegin", .presentationTransitionWillBegin),
        ("dismissalTransitionWillBegin", .dismissalTransitionWillBegin),
        ("containerViewWillLayoutSubviews", .containerViewWillLayoutSubviews),
        ("containerViewDidLayoutSubviews", .containerViewDidLayoutSubviews),
      ]
      for (name, callback) in plain {
        let selector = NSSelectorFromString(name)
        replace(type, selector, as: Plain.self) { original in
          let hook: @convention(block) (UIPresentationController) -> Void = { controller in
            record(generation, selector, receiver: controller, hookedClass: type) { core in
              core.presentationController(controller, callback)
            }
            original()?(controller, selector)
          }
          return hook
        }
      }
      typealias Ended = @convention(c) (UIPresentationController, Selector, Bool) -> Void
      let ended: [(String, (Bool) -> PresentationControllerCallback)] = [
        ("presentationTransitionDidEnd:", { .presentationTransitionDidEnd(completed: $0) }),
        ("dismissalTransitionDidEnd:", { .dismissalTransitionDidEnd(completed: $0) }),
      ]
      for (name, callback) in ended {
        let selector = NSSelectorFromString(name)
        replace(type, selector, as: Ended.self) { original in
          let hook: @convention(block) (UIPresentationController, Bool) -> Void = { controller, completed in
            record(generation, selector, receiver: controller, hookedClass: type) { core in
              core.presentationController(controller, callback(completed))
            }
            original()?(controller, selector, completed)
          }
          return hook
        }
      }
    }

    private static func hookAdaptiveDelegate(on type: AnyClass) {
      let generation = generation
      typealias Callback = @convention(c) (NSObject, Selector, UIPresentationController) -> Void
      for callback in AdaptiveDelegateCallback.allCases {
        let selector = NSSelectorFromString(callback.rawValue + ":")
        replace(type, selector, as: Callback.self) { original in
          let hook: @convention(block) (NSObject, UIPresentationController) -> Void = {
            delegate, controller in
            nonisolated(unsafe) let receiver = delegate
            record(generation, selector, receiver: delegate, hookedClass: type) { core in
              core.adaptiveDelegate(receiver, callback, of: controller)
            }
            original()?(delegate, selector, controller)
          }
          return hook
        }
      }
    }
  }
#endif
