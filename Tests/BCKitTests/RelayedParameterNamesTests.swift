import BCKit
import Testing

/// Declared only: the relay plugin writes its relays, whose bodies call the kit's `relay` and
/// `relayRetained`, which these parameters' names would hide.
protocol ShadowingConversation: Conversation {
    func shadow(relay: Int)
    /// - Retained
    func keep(_ relayRetained: Int)
    func plain(_ `relay`: Int)
}

private final class ShadowListener: BusinessController, ShadowingConversation {
    weak var owner: Owner?
    var heard: [String] = []

    func shadow(relay: Int) { heard.append("shadow \(relay)") }
    func keep(_ relayRetained: Int) { heard.append("keep \(relayRetained)") }
    func plain(_ `relay`: Int) { heard.append("plain \(`relay`)") }
}

private final class ShadowSender: BusinessController {
    weak var owner: Owner?
}

@MainActor
@Suite struct RelayedParameterNamesTests {
    @Test func parametersNamedLikeTheRelaysStillRelay() throws {
        let owner = Owner(name: "Shadow")
        let listener = ShadowListener()
        let sender = ShadowSender()
        try owner.attach([listener, sender])

        sender.center.shadow(relay: 3)
        sender.center.keep(4)
        sender.center.plain(5)
        let late = ShadowListener()
        try owner.attach(late)

        #expect(listener.heard == ["shadow 3", "keep 4", "plain 5"])
        #expect(late.heard == ["keep 4"])
    }
}
