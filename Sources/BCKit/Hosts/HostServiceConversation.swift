/// What a controller may ask of its screen: a view slot to fill, a route or a screen to navigate
/// to, something to present or dismiss, an alert to show.
///
/// A controller asks through its center, with no cast to the concrete screen, so it stays
/// testable alone (BCKitTesting's `HostServicesStub` records what was asked):
///
/// ```swift
/// func checkoutTapped() {
///     center.navigate(to: "shop://cart")
/// }
/// ```
///
/// A navigation answers back: ``navigate(to:)`` returns a ``HostNavigationOutcome`` (opened, held
/// by a guard and later opened or dropped, declined, unmatched, or no host answered), which a
/// controller may show or ignore.
///
/// The screen answers by attaching one controller that speaks this conversation (the console
/// shop's screens do; on Apple platforms, a small controller holding the view controller weakly).
/// Requests travel up (``Scope/reportUp``), so a controller in a nested owner reaches the screen
/// that hosts the whole tree; attach one provider per tree, at its root. A request nobody honours
/// (no provider in the tree) is reported by debug builds as a ``Diagnostic``.
public protocol HostServiceConversation: Conversation {
    /// Puts a view into one of the screen's named places.
    ///
    /// - Parameters:
    ///   - slot: The place, such as `"header"`; the screen decides which slots it has.
    ///   - view: The view (a `UIView`, an `NSView`, or what the host draws with).
    func fill(_ slot: String, with view: AnyObject)

    /// Opens a route, such as `shop://cart`, the way the app navigates, and says what became of it.
    ///
    /// - Parameter route: The route's URL text.
    /// - Returns: The host's answer: opened, held by a guard (its ``HostNavigationOutcome/pending``
    ///   barrier then says how it ends), declined, unmatched, or ``HostNavigationOutcome/noHost``
    ///   when nobody provides host services.
    @discardableResult
    func navigate(to route: String) -> HostNavigationOutcome

    /// Presents a screen over this one.
    ///
    /// - Parameter screen: The screen (a view controller, or what the host presents).
    func present(_ screen: AnyObject)

    /// Dismisses this screen, or what it presents.
    func dismiss()

    /// Shows an alert.
    ///
    /// - Parameter alert: What to show and the choices it offers.
    func showAlert(_ alert: HostAlert)
}

extension HostServiceConversation {
    /// Relays the request; on a provider, marks it ignored.
    public func fill(_ slot: String, with view: AnyObject) {
        relay((any HostServiceConversation).self) { $0.fill(slot, with: view) }
    }

    /// Relays the request; on a provider, marks it ignored and answers
    /// ``HostNavigationOutcome/noHost``.
    ///
    /// - Parameter route: The route's URL text.
    /// - Returns: ``HostNavigationOutcome/noHost``.
    @discardableResult
    public func navigate(to route: String) -> HostNavigationOutcome {
        relay((any HostServiceConversation).self) { $0.navigate(to: route) } ?? .noHost
    }

    /// Relays the request; on a provider, marks it ignored.
    public func present(_ screen: AnyObject) {
        relay((any HostServiceConversation).self) { $0.present(screen) }
    }

    /// Relays the request; on a provider, marks it ignored.
    public func dismiss() {
        relay((any HostServiceConversation).self) { $0.dismiss() }
    }

    /// Relays the request; on a provider, marks it ignored.
    public func showAlert(_ alert: HostAlert) {
        relay((any HostServiceConversation).self) { $0.showAlert(alert) }
    }
}

// Requests travel up to the provider at the root, whichever view of the center asks.
extension CommunicationCenter: HostServiceConversation {
    /// Asks the screen to put a view into one of its named places.
    ///
    /// - Parameters:
    ///   - slot: The place, such as `"header"`.
    ///   - view: The view.
    public func fill(_ slot: String, with view: AnyObject) {
        up.relay((any HostServiceConversation).self) { $0.fill(slot, with: view) }
    }

    /// Asks the screen to open a route, and says what became of it.
    ///
    /// The first provider in the tree, from this owner up, answers.
    ///
    /// - Parameter route: The route's URL text.
    /// - Returns: The provider's answer, or ``HostNavigationOutcome/noHost`` when nobody provides
    ///   host services.
    @discardableResult
    public func navigate(to route: String) -> HostNavigationOutcome {
        up.relay((any HostServiceConversation).self) { $0.navigate(to: route) } ?? .noHost
    }

    /// Asks the screen to present another screen over it.
    ///
    /// - Parameter screen: The screen to present.
    public func present(_ screen: AnyObject) {
        up.relay((any HostServiceConversation).self) { $0.present(screen) }
    }

    /// Asks the screen to dismiss itself, or what it presents.
    public func dismiss() {
        up.relay((any HostServiceConversation).self) { $0.dismiss() }
    }

    /// Asks the screen to show an alert.
    ///
    /// - Parameter alert: What to show and the choices it offers.
    public func showAlert(_ alert: HostAlert) {
        up.relay((any HostServiceConversation).self) { $0.showAlert(alert) }
    }
}
