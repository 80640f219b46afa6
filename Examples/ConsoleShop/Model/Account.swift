/// Who is signed in: the condition behind the shop's `signedIn` route guard.
///
/// ```swift
/// let account = Account()
/// account.signIn(as: "ada")
/// account.isSignedIn  // true
/// ```
@MainActor
public final class Account {
    /// The signed-in shopper's name, or `nil` when signed out.
    public private(set) var user: String?

    /// Creates a signed-out account.
    public init() {}

    /// Whether someone is signed in.
    public var isSignedIn: Bool { user != nil }

    /// Signs a shopper in.
    ///
    /// - Parameter user: The shopper's name.
    public func signIn(as user: String) {
        self.user = user
    }

    /// Signs out.
    public func signOut() {
        user = nil
    }
}
