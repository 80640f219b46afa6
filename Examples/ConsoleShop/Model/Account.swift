public import BCKit

/// Who is signed in: the condition that adding to the cart, and the `signedIn` route guard,
/// wait for.
///
/// The condition is a BCKit ``Barrier``, overcome with the shopper's name when they sign in: an
/// action that waits for it (AddToCart's) goes on then, and is dropped when signing in is
/// cancelled; the route guard is built on the same barrier.
///
/// ```swift
/// let account = Account()
/// account.signIn(as: "ada")
/// account.isSignedIn  // true
/// ```
@MainActor
public final class Account {
    /// Overcome with the shopper's name while someone is signed in.
    public let signedIn = Barrier<String>("signedIn")

    /// Creates a signed-out account.
    public init() {}

    /// The signed-in shopper's name, or `nil` when signed out.
    public var user: String? { signedIn.value }

    /// Whether someone is signed in.
    public var isSignedIn: Bool { signedIn.isOvercome }

    /// Signs a shopper in: what waited for it goes on.
    ///
    /// - Parameter user: The shopper's name.
    public func signIn(as user: String) {
        signedIn.overcome(with: user)
    }

    /// Signs out: the next action that needs a shopper waits again.
    public func signOut() {
        signedIn.reset()
    }
}
