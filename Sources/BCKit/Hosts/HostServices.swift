/// Answers ``HostServiceConversation`` for a screen with the actions its host gives: the provider
/// a real host attaches so its controllers' requests reach it.
///
/// The Apple adapters make one per screen, filled with the platform's way of doing each thing
/// (UIKit: add a subview, `present`, `dismiss`, a `UIAlertController`), and expose it so the app can
/// replace any action. Where a route goes is the app's decision, so ``onNavigate`` starts empty on
/// every platform; it answers with what became of the navigation, which BCKitModules' navigator
/// gives:
///
/// ```swift
/// let screen = GoodsViewController(goodsID: 42)   // an OwnerViewController
/// screen.services.onNavigate = { route in navigator.navigate(to: route) }  // BCKitModules' Navigator
/// ```
///
/// A request whose action is `nil` is not answered, and is reported like a receiver's missing
/// method: the tracer sees it in ``DispatchRecord/defaulted`` and BCKitTesting flags it.
///
/// Attach it with ``HostRelay/provideServices(_:)``, which puts it first in the owner's order.
@MainActor
public final class HostServices: BusinessController, HostServiceConversation {
    /// The owner whose controllers it serves.
    public weak var owner: Owner?

    /// Puts a view into one of the screen's named places.
    public var onFill: (@MainActor (_ slot: String, _ view: AnyObject) -> Void)?
    /// Opens a route and says what became of it; the app's decision, so no adapter but SwiftUI's
    /// (which hands the URL to `openURL`) sets it.
    public var onNavigate: (@MainActor (_ route: String) -> HostNavigationOutcome)?
    /// Presents a screen over this one.
    public var onPresent: (@MainActor (_ screen: AnyObject) -> Void)?
    /// Dismisses this screen, or what it presents.
    public var onDismiss: (@MainActor () -> Void)?
    /// Shows an alert.
    public var onShowAlert: (@MainActor (_ alert: HostAlert) -> Void)?

    /// Creates a provider with the actions given; the others stay unanswered until set.
    ///
    /// - Parameters:
    ///   - fill: Puts a view into a named place.
    ///   - navigate: Opens a route and says what became of it.
    ///   - present: Presents a screen.
    ///   - dismiss: Dismisses the screen or what it presents.
    ///   - showAlert: Shows an alert.
    public init(
        fill: (@MainActor (_ slot: String, _ view: AnyObject) -> Void)? = nil,
        navigate: (@MainActor (_ route: String) -> HostNavigationOutcome)? = nil,
        present: (@MainActor (_ screen: AnyObject) -> Void)? = nil,
        dismiss: (@MainActor () -> Void)? = nil,
        showAlert: (@MainActor (_ alert: HostAlert) -> Void)? = nil
    ) {
        onFill = fill
        onNavigate = navigate
        onPresent = present
        onDismiss = dismiss
        onShowAlert = showAlert
    }

    /// Calls ``onFill``, or reports the request as not handled.
    ///
    /// - Parameters:
    ///   - slot: The place.
    ///   - view: The view.
    public func fill(_ slot: String, with view: AnyObject) {
        guard let onFill else { return notHandled() }
        onFill(slot, view)
    }

    /// Calls ``onNavigate``, or reports the request as not handled.
    ///
    /// - Parameter route: The route's URL text.
    /// - Returns: What ``onNavigate`` answered, or ``HostNavigationOutcome/noHost`` when it is
    ///   `nil`.
    @discardableResult
    public func navigate(to route: String) -> HostNavigationOutcome {
        guard let onNavigate else {
            notHandled()
            return .noHost
        }
        return onNavigate(route)
    }

    /// Calls ``onPresent``, or reports the request as not handled.
    ///
    /// - Parameter screen: The screen to present.
    public func present(_ screen: AnyObject) {
        guard let onPresent else { return notHandled() }
        onPresent(screen)
    }

    /// Calls ``onDismiss``, or reports the request as not handled.
    public func dismiss() {
        guard let onDismiss else { return notHandled() }
        onDismiss()
    }

    /// Calls ``onShowAlert``, or reports the request as not handled.
    ///
    /// - Parameter alert: The alert.
    public func showAlert(_ alert: HostAlert) {
        guard let onShowAlert else { return notHandled() }
        onShowAlert(alert)
    }
}
