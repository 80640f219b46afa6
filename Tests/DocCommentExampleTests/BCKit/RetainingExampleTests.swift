import BCKit
import Testing

// The block of CommunicationCenter's `sendRetained(_:message:fileID:line:_:)`, verbatim: a center
// that conforms by hand to a protocol of its own and retains what it sends.

/// A user of the sample.
struct User: Equatable {
    let name: String
}

/// What the center offers senders: one call that retains.
@MainActor
private protocol UserMessages {
    func userDidLoad(_ user: User)
}

/// What receivers speak.
@MainActor
private protocol UserConversation: AnyObject {
    func userDidLoad(_ user: User)
}

extension CommunicationCenter: UserMessages {
    func userDidLoad(_ user: User) {
        sendRetained((any UserConversation).self, message: "userDidLoad(_:)") { $0.userDidLoad(user) }
    }
}

/// Shows the user's name.
private final class UserBadge: BusinessController, UserConversation {
    weak var owner: Owner?
    private(set) var names: [String] = []

    func userDidLoad(_ user: User) { names.append(user.name) }
}

@MainActor
@Suite struct RetainingExampleTests {
    @Test func aControllerAttachedLaterGetsTheLatestUserOnce() throws {
        let owner = Owner(name: "Profile")
        let early = UserBadge()
        try owner.attach(early)
        owner.center.userDidLoad(User(name: "ada"))
        owner.center.userDidLoad(User(name: "grace"))

        let late = UserBadge()
        try owner.attach(late)

        #expect(early.names == ["ada", "grace"])
        #expect(late.names == ["grace"])
    }
}
