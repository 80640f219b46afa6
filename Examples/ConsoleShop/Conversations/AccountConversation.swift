import BCKit

/// Tells the screen on top what became of a sign-in: sent by the app (``ShopApp/login(as:)`` and
/// ``ShopApp/cancelLogin()``), which knows the account but not the screen's type.
///
/// ``LoginFormController`` hears it and asks its screen to dismiss, so the app never checks
/// whether the screen on top is the login screen.
protocol AccountConversation: Conversation {
    /// The shopper signed in.
    ///
    /// - Parameter user: The shopper's name.
    func accountDidSignIn(as user: String)

    /// The shopper gave up signing in.
    func signInWasCancelled()
}
