import BCKit
import Testing

@MainActor
@Suite struct NestedOwnerTests {
    let journal = Journal()

    /// page (P) holds child (C1) and sibling (C2); child holds grandchild (G).
    func tree() throws -> (page: Owner, child: Owner, sibling: Owner, grandchild: Owner) {
        let page = Owner(name: "page")
        let child = Owner(name: "child")
        let sibling = Owner(name: "sibling")
        let grandchild = Owner(name: "grandchild")
        try page.attach([Probe("P", journal), child, sibling])
        try child.attach([Probe("C1", journal), grandchild])
        try sibling.attach(Probe("C2", journal))
        try grandchild.attach(Probe("G", journal))
        journal.clear()
        return (page, child, sibling, grandchild)
    }

    func pings() -> [Event] {
        journal.events.filter { if case .ping = $0 { true } else { false } }
    }

    @Test func lifecycleFlowsDownTheTree() throws {
        let (page, child, _, grandchild) = try tree()
        try page.show()
        #expect(
            journal.events.filter { $0.description.hasSuffix("did-appear") }.map(\.description) == [
                "P did-appear", "C1 did-appear", "G did-appear", "C2 did-appear",
            ])
        #expect(child.state == .appeared && grandchild.state == .appeared)
        try page.willDisappear()
        #expect(journal.events.last == .lifecycle("P", .willDisappear))
    }

    @Test func aMessageStaysInTheOwnerItWasSentThrough() throws {
        let (page, child, _, _) = try tree()
        #expect(page.center.send((any PingConversation).self) { $0.ping(1) } == 1)
        #expect(child.center.send((any PingConversation).self) { $0.ping(2) } == 1)
        #expect(pings() == [.ping("P", 1), .ping("C1", 2)])
    }

    @Test func broadcastDownReachesEveryDescendantDepthFirst() throws {
        let (page, _, _, _) = try tree()
        #expect(page.center.send((any PingConversation).self, scope: .broadcastDown) { $0.ping(1) } == 4)
        #expect(pings() == [.ping("P", 1), .ping("C1", 1), .ping("G", 1), .ping("C2", 1)])
    }

    @Test func reportUpReachesEachAncestorInTurn() throws {
        let (page, _, _, grandchild) = try tree()
        #expect(grandchild.center.send((any PingConversation).self, scope: .reportUp) { $0.ping(1) } == 3)
        #expect(pings() == [.ping("G", 1), .ping("C1", 1), .ping("P", 1)])
        withExtendedLifetime(page) {}
    }

    @Test func aQueryUpTheTreeStopsAtTheFirstAnswer() throws {
        let page = Owner()
        let child = Owner()
        try page.attach([Named("from page"), child])
        try child.attach(Named(nil))
        #expect(child.center.first((any NameQuery).self, scope: .reportUp) { $0.nickname } == "from page")
    }

    @Test func aNestedOwnerIsDrivenOnlyByItsParent() throws {
        let (page, child, _, _) = try tree()
        #expect(throws: OwnerError.drivenByParent("child")) { try child.didLoad() }
        #expect(throws: OwnerError.drivenByParent("child")) { try child.tearDown() }
        #expect(child.state == .initial)
        withExtendedLifetime(page) {}
    }

    @Test func detachingANestedOwnerClosesItAndTearsItDown() throws {
        let (page, child, _, grandchild) = try tree()
        try page.show()
        journal.clear()
        try page.detach(child)
        #expect(
            journal.events.map(\.description) == [
                "G will-disappear", "C1 will-disappear", "G did-disappear", "C1 did-disappear", "G detached",
                "C1 detached",
            ])
        #expect(child.state == .tornDown && grandchild.state == .tornDown)
        #expect(child.owner == nil)
    }

    @Test func nestingAnOwnerInsideItselfOrItsDescendantIsRefused() throws {
        let (page, child, _, grandchild) = try tree()
        #expect(throws: OwnerError.cycle("page")) { try page.attach(page) }
        #expect(throws: OwnerError.cycle("page")) { try grandchild.attach(page) }
        let loose = Owner(name: "loose")
        try loose.attach(Owner(name: "inner"))
        let inner = loose.controllers[0] as! Owner
        #expect(throws: OwnerError.attachedElsewhere("inner")) { try grandchild.attach(inner) }
        #expect(throws: OwnerError.attachedElsewhere("child")) { try grandchild.attach(child) }
    }

    /// The cycle check climbs the chain only for an owner that nests owners; a parent's first
    /// nested owner counts from the moment it joins, before its catch-up runs any callback.
    @Test func nestingTheParentInItsFirstNestedOwnerDuringThatOwnersCatchUpIsRefused() throws {
        final class Nester: BusinessController {
            weak var owner: Owner?
            weak var parent: Owner?
            var refusal: OwnerError?
            func ownerDidLoad() {
                guard let parent, let owner else { return }
                do { try owner.attach(parent) } catch { refusal = error }
            }
        }
        let page = Owner(name: "page")
        try page.didLoad()
        let child = Owner(name: "child")
        let nester = Nester()
        nester.parent = page
        try child.attach(nester)
        try page.attach(child)
        #expect(nester.refusal == .cycle("page"))
        #expect(page.owner == nil && child.owner === page)
    }

    @Test func aChainOfNestedOwnersBuiltFromTheTopAcceptsEachLevelAndRefusesItsRoot() throws {
        let root = Owner(name: "root")
        var deepest = root
        for level in 1...50 {
            let nested = Owner(name: "level \(level)")
            try deepest.attach(nested)
            deepest = nested
        }
        #expect(throws: OwnerError.cycle("root")) { try deepest.attach(root) }
        #expect(deepest.owner?.owner != nil)
    }

    @Test func anOwnerThatWasAlreadyDrivenCannotBeNested() throws {
        let page = Owner()
        let started = Owner(name: "started")
        try started.didLoad()
        #expect(throws: OwnerError.nestedOwnerStarted("started", state: .loaded)) { try page.attach(started) }
    }

    @Test func aDetachedNestedOwnerCannotBeNestedAgainAndTheErrorSaysWhy() throws {
        let page = Owner()
        let cell = Owner(name: "Cell")
        try page.attach(cell)
        try page.detach(cell)
        let error = #expect(throws: OwnerError.nestedOwnerStarted("Cell", state: .tornDown)) { try page.attach(cell) }
        #expect(error?.description.contains("detaching a nested owner tears it down") == true)
        #expect(error?.description.contains("before driving them") == false)
    }
}

@MainActor
@Suite struct NestedDeliveryTests {
    /// Found by the tree model: a root driven from inside a nested owner's catch-up would leave
    /// the nested owner behind its parent.
    @Test func drivingTheRootFromANestedCatchUpIsRefusedAndKeepsTheTreeInStep() throws {
        let journal = Journal()
        let root = Owner(name: "R")
        let nested = Owner(name: "A")
        try root.attach(nested)
        try root.didLoad()
        let late = Probe("X", journal)
        var refusal: OwnerError?
        late.onLifecycle = { [unowned root] event in
            if event == .didLoad {
                do { try root.willAppear() } catch { refusal = error as? OwnerError }
            }
        }
        try nested.attach(late)
        #expect(refusal == .reentrantLifecycle("will-appear"))
        #expect(nested.state == root.state(of: nested))
        try root.willAppear()
        #expect(nested.state == .appearing)
        #expect(nested.state(of: late) == .appearing)
    }
}
