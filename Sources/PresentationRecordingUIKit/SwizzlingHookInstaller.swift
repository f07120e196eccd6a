#if canImport(ObjectiveC) && canImport(UIKit)
  import ObjectiveC
  import UIKit

  /// The installer on iOS: swaps `UIViewController`'s and `UIPresentationController`'s methods for ones
  /// that call `PresentationHooks.shared.core`, then UIKit's original.
  ///
  /// ```swift
  /// PresentationHooks.install(recording: recorder) // uses it on iOS
  /// ```
  ///
  /// This is the only code that needs the Objective-C runtime. It was never compiled in this package's CI
  /// (Linux): everything it calls is `PresentationHookCore`, which is tested there. A group installs only
  /// when every one of its selectors exists, so a missing one leaves UIKit untouched. Presentation
  /// controllers are hooked per class, when the app's transitioning delegate vends one
  /// (`hookPresentationControllerClass`): the hook sits on the vended class itself, so a subclass that
  /// overrides a callback without calling `super` is still recorded for every callback, and only its
  /// most-derived class records (no callback twice when a vended class derives from another). UIKit calls
  /// these methods on the main thread, which the hooks assume (`MainActor.assumeIsolated`).
  @MainActor
  public struct SwizzlingHookInstaller: HookInstaller {
    private static var hookedControllerClasses: Set<ObjectIdentifier> = []

    public init() {}

    public func install(_ group: HookGroup) -> String? {
      let target: AnyClass =
        switch group {
        case .requests, .appearance, .viewIsAppearing: UIViewController.self
        case .presentationController, .adaptiveDelegate: UIPresentationController.self
        }
      let missing = group.selectors.filter {
        class_getInstanceMethod(target, NSSelectorFromString($0)) == nil
      }
      guard missing.isEmpty else { return "\(missing.joined(separator: ", ")) not found on \(target)" }
      switch group {
      case .requests: Self.hookRequests()
      case .appearance: Self.hookAppearance()
      case .viewIsAppearing: Self.hookAppearing(NSSelectorFromString("viewIsAppearing:"), .viewIsAppearing)
      case .presentationController: break  // per vended class, see hookPresentationControllerClass
      case .adaptiveDelegate: Self.hookDelegateSetter()
      }
      return nil
    }

    private static var core: PresentationHookCore? { PresentationHooks.shared.core }

    private static func hookRequests() {
      typealias Present =
        @convention(c) (
          UIViewController, Selector, UIViewController, Bool, (@convention(block) () -> Void)?
        ) -> Void
      let presentSelector = #selector(UIViewController.present(_:animated:completion:))
      swap(UIViewController.self, presentSelector, as: Present.self) { original in
        let block:
          @convention(block) (UIViewController, UIViewController, Bool, (@convention(block) () -> Void)?) ->
            Void = { receiver, presented, animated, completion in
              let wrapped = MainActor.assumeIsolated {
                core?.willPresent(presented, from: receiver, animated: animated, completion: completion)
              }
              original(receiver, presentSelector, presented, animated, wrapped.map { block in { block() } })
            }
        return block
      }
      typealias Dismiss =
        @convention(c) (UIViewController, Selector, Bool, (@convention(block) () -> Void)?) -> Void
      let dismissSelector = #selector(UIViewController.dismiss(animated:completion:))
      swap(UIViewController.self, dismissSelector, as: Dismiss.self) { original in
        let block: @convention(block) (UIViewController, Bool, (@convention(block) () -> Void)?) -> Void = {
          receiver, animated, completion in
          let wrapped = MainActor.assumeIsolated {
            core?.willDismiss(from: receiver, animated: animated, completion: completion)
          }
          original(receiver, dismissSelector, animated, wrapped.map { block in { block() } })
        }
        return block
      }
    }

    private static func hookAppearance() {
      hookAppearing(#selector(UIViewController.viewWillAppear(_:)), .viewWillAppear)
      hookAppearing(#selector(UIViewController.viewDidAppear(_:)), .viewDidAppear)
      hookAppearing(#selector(UIViewController.viewWillDisappear(_:)), .viewWillDisappear)
      hookAppearing(#selector(UIViewController.viewDidDisappear(_:)), .viewDidDisappear)
      typealias Resize =
        @convention(c) (
          UIViewController, Selector, CGSize, any UIViewControllerTransitionCoordinator
        ) -> Void
      let selector = #selector(UIViewController.viewWillTransition(to:with:))
      swap(UIViewController.self, selector, as: Resize.self) { original in
        let block:
          @convention(block) (UIViewController, CGSize, any UIViewControllerTransitionCoordinator) -> Void = {
            controller, size, coordinator in
            MainActor.assumeIsolated { core?.viewWillTransition(of: controller, to: size) }
            original(controller, selector, size, coordinator)
          }
        return block
      }
    }

    private static func hookAppearing(_ selector: Selector, _ callback: AppearanceCallback) {
      typealias Appearance = @convention(c) (UIViewController, Selector, Bool) -> Void
      swap(UIViewController.self, selector, as: Appearance.self) { original in
        let block: @convention(block) (UIViewController, Bool) -> Void = { controller, animated in
          MainActor.assumeIsolated { core?.appearance(callback, of: controller, animated: animated) }
          original(controller, selector, animated)
        }
        return block
      }
    }

    private static func hookDelegateSetter() {
      typealias Setter =
        @convention(c) (
          UIPresentationController, Selector, (any UIAdaptivePresentationControllerDelegate)?
        ) -> Void
      let selector = NSSelectorFromString("setDelegate:")
      swap(UIPresentationController.self, selector, as: Setter.self) { original in
        let block:
          @convention(block) (UIPresentationController, (any UIAdaptivePresentationControllerDelegate)?) ->
            Void = {
              controller, delegate in
              let stored = MainActor.assumeIsolated {
                core?.delegate(delegate, settingOn: controller) ?? delegate
              }
              original(controller, selector, stored)
            }
        return block
      }
    }

    /// Hooks the six presentation-controller callbacks on `controllerClass` itself (adding an override
    /// that calls the inherited implementation where the class has none), once per class.
    public static func hookPresentationControllerClass(_ controllerClass: AnyClass) {
      guard hookedControllerClasses.insert(ObjectIdentifier(controllerClass)).inserted else { return }
      typealias Plain = @convention(c) (UIPresentationController, Selector) -> Void
      typealias Ended = @convention(c) (UIPresentationController, Selector, Bool) -> Void
      let plain: [(Selector, PresentationControllerCallback)] = [
        (
          #selector(UIPresentationController.presentationTransitionWillBegin),
          .presentationTransitionWillBegin
        ),
        (#selector(UIPresentationController.dismissalTransitionWillBegin), .dismissalTransitionWillBegin),
        (
          #selector(UIPresentationController.containerViewWillLayoutSubviews),
          .containerViewWillLayoutSubviews
        ),
        (#selector(UIPresentationController.containerViewDidLayoutSubviews), .containerViewDidLayoutSubviews),
      ]
      for (selector, callback) in plain {
        swap(controllerClass, selector, as: Plain.self) { original in
          let block: @convention(block) (UIPresentationController) -> Void = { controller in
            if object_getClass(controller) === controllerClass {
              MainActor.assumeIsolated { core?.presentationController(controller, callback) }
            }
            original(controller, selector)
          }
          return block
        }
      }
      let ended: [(Selector, (Bool) -> PresentationControllerCallback)] = [
        (
          #selector(UIPresentationController.presentationTransitionDidEnd(_:)),
          { .presentationTransitionDidEnd(completed: $0) }
        ),
        (
          #selector(UIPresentationController.dismissalTransitionDidEnd(_:)),
          { .dismissalTransitionDidEnd(completed: $0) }
        ),
      ]
      for (selector, callback) in ended {
        swap(controllerClass, selector, as: Ended.self) { original in
          let block: @convention(block) (UIPresentationController, Bool) -> Void = { controller, completed in
            if object_getClass(controller) === controllerClass {
              MainActor.assumeIsolated { core?.presentationController(controller, callback(completed)) }
            }
            original(controller, selector, completed)
          }
          return block
        }
      }
    }

    /// Replaces `selector` on `target` with the block `make` builds around the implementation it
    /// replaces; a class that only inherits the method gets an override that calls the inherited one.
    private static func swap<Implementation>(
      _ target: AnyClass, _ selector: Selector, as type: Implementation.Type,
      _ make: (Implementation) -> Any
    ) {
      guard let method = class_getInstanceMethod(target, selector) else { return }
      let original = unsafeBitCast(method_getImplementation(method), to: type)
      let replacement = imp_implementationWithBlock(make(original))
      if !class_addMethod(target, selector, replacement, method_getTypeEncoding(method)) {
        method_setImplementation(method, replacement)
      }
    }
  }
#endif
