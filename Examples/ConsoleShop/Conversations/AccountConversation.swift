import BCKit

/// Tells the screen on top what became of a sign-in: sent by the app (``ShopApp/login(as:)`` and
/// ``ShopApp/cancelLogin()``), which knows the account but not the screen's type.
///
/// ``LoginFormController`` hears it and asks its screen to dismiss, so the app never checks
/// whether the screen on top is the login screen.
@MainActor
protocol AccountConversation: AccountMessages, AnyObject {}

/// The messages of ``AccountConversation``, which the communication center forwards.
@MainActor
protocol AccountMessages {
    /// The shopper signed in.
    ///
    /// - Parameter user: The shopper's name.
    func accountDidSignIn(as user: String)

    /// The shopper gave up signing in.
    func signInWasCancelled()
}

// MARK: - Default implementations

extension AccountConversation {
    /// Ignores the sign-in; marked, so a misspelled handler is reported.
    func accountDidSignIn(as user: String) { notHandled() }

    /// Ignores the cancellation; marked, so a misspelled handler is reported.
    func signInWasCancelled() { notHandled() }
}

// MARK: - Forwarding

extension CommunicationCenter: AccountMessages {
    /// Tells the screen's controllers who signed in.
    func accountDidSignIn(as user: String) {
        send((any AccountConversation).self) { $0.accountDidSignIn(as: user) }
    }

    /// Tells the screen's controllers that signing in was given up.
    func signInWasCancelled() {
        send((any AccountConversation).self) { $0.signInWasCancelled() }
    }
}
