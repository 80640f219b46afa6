/// Stand-in for UIKit's `UIViewControllerTransitionCoordinator`. The real protocol inherits
/// `UIViewControllerTransitionCoordinatorContext` and has animation requirements; the adapters only
/// pass the coordinator on to `super`, so the stand-in declares none of them.
///
/// Apple: developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator.
@available(iOS 7.0, tvOS 9.0, *)
@MainActor
public protocol UIViewControllerTransitionCoordinator: NSObjectProtocol {}
