import BCKit
import Testing

// The blocks of the doc comments of Owner.center (the nested owner's two centers) and of
// CommunicationCenter's "Views" (a scope passed through a view), verbatim.

private enum Theme {
    case light
    case dark
}

@MainActor
private protocol ThemeConversation: AnyObject {
    func themeDidChange(_ theme: Theme)
}

private protocol ReviewsConversation: Conversation {
    func reviewsDidChange()
}

extension ReviewsConversation {
    func reviewsDidChange() { relay((any ReviewsConversation).self) { $0.reviewsDidChange() } }
}

extension CommunicationCenter: ReviewsConversation {}

/// Records what it hears, and by which owner's dispatch.
private final class Listener: BusinessController, ThemeConversation, ReviewsConversation {
    weak var owner: Owner?
    let name: String
    private(set) var heard: [String] = []

    init(_ name: String) { self.name = name }

    func themeDidChange(_ theme: Theme) { heard.append("theme \(theme)") }
    func reviewsDidChange() { heard.append("reviews") }
}

/// A root, the middle owner nested in it with the sender and a sibling, and a leaf nested in
/// the middle one.
@MainActor
private struct Tree {
    let root = Owner(name: "Root")
    let middle = Owner(name: "Middle")
    let leaf = Owner(name: "Leaf")
    let me = Listener("me")
    let sibling = Listener("sibling")
    let above = Listener("above")
    let below = Listener("below")

    init() throws {
        try root.attach([above, middle])
        try middle.attach([me, sibling, leaf])
        try leaf.attach(below)
    }
}

/// The block of CommunicationCenter's "Views".
@MainActor
private func sendThroughViews(from center: CommunicationCenter) {
    // Up: `.local` narrows nothing further.
    center.up.send((any ThemeConversation).self, scope: .local) { $0.themeDidChange(.dark) }
    // Down, not up: a wider scope replaces the view's reach.
    center.up.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
    // Down, and still not to the sender.
    center.others.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
}

/// Where each message ran and who sent it, by identity (`nil` for the host).
private final class SenderLog: DispatchTracer {
    struct Send: Equatable {
        let owner: String
        let sender: ObjectIdentifier?
    }

    private(set) var sends: [Send] = []

    func didDispatch(_ dispatch: DispatchRecord) {
        if dispatch.kind == .send { sends.append(Send(owner: dispatch.owner, sender: dispatch.senderID)) }
    }
}

@MainActor
@Suite struct CenterViewExampleTests {
    @Test func aNestedOwnerSpeaksInItselfAsOwnerAndInItsParentAsAController() throws {
        let page = Owner(name: "Page")
        let onPage = Listener("on page")
        try page.attach(onPage)
        let log = SenderLog()
        page.addObserver(log)

        let reviews = Owner(name: "Reviews")
        try page.attach(reviews)
        reviews.center.reviewsDidChange()  // the controllers of `reviews`, sent by the host
        let nested: any BusinessController = reviews
        nested.center.reviewsDidChange()  // the controllers of `page`, sent by `reviews`

        #expect(onPage.heard == ["reviews"])
        #expect(
            log.sends == [
                SenderLog.Send(owner: "Reviews", sender: nil),
                SenderLog.Send(owner: "Page", sender: ObjectIdentifier(reviews)),
            ])
    }

    @Test func aNestedOwnersOwnCenterReachesItsControllers() throws {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        try page.attach(reviews)
        let inReviews = Listener("in reviews")
        try reviews.attach(inReviews)

        reviews.center.reviewsDidChange()

        #expect(inReviews.heard == ["reviews"])
    }

    @Test func aRootOwnerReadAsAControllerReachesNobody() throws {
        let root = Owner(name: "Root")
        let listener = Listener("in root")
        try root.attach(listener)
        root.onDiagnostic = { _ in }

        let asController: any BusinessController = root
        #expect(asController.center.send((any ReviewsConversation).self) { $0.reviewsDidChange() } == 0)
        #expect(listener.heard.isEmpty)
    }

    @Test func aScopeThroughAViewFollowsOneRule() throws {
        let tree = try Tree()

        sendThroughViews(from: tree.me.center)

        // Up to the root (local keeps the view), then down to the leaf (broadcastDown replaces
        // it), then down again without the sender.
        #expect(tree.above.heard.count == 1)
        #expect(tree.me.heard.count == 2)
        #expect(tree.sibling.heard.count == 3)
        #expect(tree.below.heard.count == 2)
    }

    /// Through the `up` view, in delivery order: the sender's owner first, then the owners the
    /// scope adds.
    @Test(arguments: [
        (Scope.local, ["me", "sibling", "above"]),
        (Scope.broadcastDown, ["me", "sibling", "below"]),
        (Scope.reportUp, ["me", "sibling", "above"]),
    ])
    func questionsThroughAViewFollowTheSameRule(scope: Scope, expected: [String]) throws {
        let tree = try Tree()
        let up = tree.me.center.up

        let all = up.all((any ThemeConversation).self, scope: scope) { ($0 as? Listener)?.name ?? "" }
        let names = up.reduce((any ThemeConversation).self, scope: scope, into: [String]()) { names, receiver in
            names.append((receiver as? Listener)?.name ?? "")
        }
        let last = up.first((any ThemeConversation).self, scope: scope) { receiver in
            (receiver as? Listener).flatMap { $0.name == expected.last ? $0.name : nil }
        }

        #expect(all == expected)
        #expect(names == expected)
        #expect(last == expected.last)
    }
}
