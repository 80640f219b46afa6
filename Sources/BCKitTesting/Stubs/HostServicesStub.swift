public import BCKit

/// A stand-in for the screen: it records what the controllers under test asked of their host, so
/// a test asserts "it navigated to shop://cart" without a screen.
///
/// ```swift
/// let test = TestOwner(testing: CheckoutButtonController())
/// let host = test.stub(HostServicesStub())
/// test.controller.tapped()
/// #expect(host.routes == ["shop://cart"])
/// test.expectSent((any HostServiceConversation).self, "navigate(to: \"shop://cart\")")
/// ```
///
/// Each request is also recorded as a stub call, so ``TestOwner/expectSent(_:_:sourceLocation:)``
/// can check it with its arguments.
///
/// A view or a screen is the one argument recorded against the rules of
/// <doc:HowExpectationsPrintArguments>: it is written as its type's name, without the module and
/// as a string, even when the type has a description: `fill("feed.ad", with: "AdView")`,
/// `present("CartScreen")`. In an app these are views and view controllers, which inherit their
/// description from `NSObject`, and that description holds the instance's address
/// (`<AdView: 0x000055c365b58ef0>`), so an expectation copied from it would fail on the next run.
/// ``filled`` and ``presented`` keep the objects themselves for a test that needs more than the
/// type.
@MainActor
public final class HostServicesStub: StubController, HostServiceConversation {
    /// The routes asked for, in order.
    public private(set) var routes: [String] = []
    /// The screens asked to be presented, in order.
    public private(set) var presented: [AnyObject] = []
    /// How many dismissals were asked for.
    public private(set) var dismissals = 0
    /// The alerts asked for, in order.
    public private(set) var alerts: [HostAlert] = []
    /// The slots filled, with the view each got, in order.
    public private(set) var filled: [(slot: String, view: AnyObject)] = []
    /// How the stub answers a navigation: by default the route opens.
    ///
    /// ```swift
    /// host.answersNavigation = { _ in .held(by: "signedIn") }
    /// ```
    public var answersNavigation: @MainActor (_ route: String) -> HostNavigationOutcome = { .opened($0) }

    /// Creates a stub that records every request.
    public override init() {}

    /// Records the slot and the view, the view by its type's name.
    ///
    /// The name and not the view's description, which for a `UIView` or an `NSView` holds an
    /// address that changes from run to run; ``filled`` keeps the view itself.
    ///
    /// - Parameters:
    ///   - slot: The place.
    ///   - view: The view.
    public func fill(_ slot: String, with view: AnyObject) {
        filled.append((slot, view))
        record(slot, String(describing: type(of: view)))
    }

    /// Records the route and answers with ``answersNavigation``.
    ///
    /// - Parameter route: The route's URL text.
    /// - Returns: What ``answersNavigation`` says; by default `HostNavigationOutcome.opened(route)`.
    @discardableResult
    public func navigate(to route: String) -> HostNavigationOutcome {
        routes.append(route)
        record(route)
        return answersNavigation(route)
    }

    /// Records the screen by its type's name.
    ///
    /// The name and not the screen's description, which for a view controller holds an address
    /// that changes from run to run; ``presented`` keeps the screen itself.
    ///
    /// - Parameter screen: The screen.
    public func present(_ screen: AnyObject) {
        presented.append(screen)
        record(String(describing: type(of: screen)))
    }

    /// Counts the dismissal.
    public func dismiss() {
        dismissals += 1
        record()
    }

    /// Records the alert.
    ///
    /// - Parameter alert: The alert.
    public func showAlert(_ alert: HostAlert) {
        alerts.append(alert)
        record(alert)
    }
}
