import BCKit
import Testing

// The retained-message sample of the DocC article "Conversations and the Delivery Rule",
// verbatim, so it cannot rot.

struct User: Equatable {
    let name: String
}

protocol UserConversation: Conversation {
    func userDidLoad(_ user: User)
}

extension UserConversation {
    func userDidLoad(_ user: User) { relayRetained((any UserConversation).self) { $0.userDidLoad(user) } }
}

extension CommunicationCenter: UserConversation {}

/// Shows the signed-in user's name; attached after the user was sent.
final class AvatarController: BusinessController, UserConversation {
    weak var owner: Owner?
    private(set) var names: [String] = []

    func userDidLoad(_ user: User) { names.append(user.name) }
}

@MainActor
@Suite struct DeliveryRuleArticleTests {
    @Test func aControllerAttachedLaterGetsTheLatestRetainedUserOnce() throws {
        let owner = Owner(name: "Profile")
        try owner.didLoad()
        owner.center.userDidLoad(User(name: "ada"))
        owner.center.userDidLoad(User(name: "grace"))
        let avatar = AvatarController()

        try owner.attach(avatar)

        #expect(avatar.names == ["grace"])
        owner.center.userDidLoad(User(name: "lin"))
        #expect(avatar.names == ["grace", "lin"])
    }
}
