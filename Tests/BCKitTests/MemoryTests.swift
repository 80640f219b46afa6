import BCKit
import Testing

@MainActor
@Suite struct MemoryTests {
    let journal = Journal()

    /// Attaches probes, sends so tables are cached, and optionally installs a tracer.
    func populatedOwner(traced: Bool) throws -> (Owner, [Probe]) {
        let owner = Owner()
        if traced { owner.tracer = ConversationGraph() }
        let probes = ["A", "B"].map { Probe($0, journal) }
        try owner.attach(probes)
        try owner.show()
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        return (owner, probes)
    }

    @Test(arguments: [false, true])
    func aDetachedControllerIsFreed(traced: Bool) throws {
        let (owner, probes) = try populatedOwner(traced: traced)
        weak let leaving = probes[0]
        try owner.detach(probes[0])
        _ = consume probes
        #expect(leaving == nil)
        #expect(owner.controllers.count == 1)
    }

    @Test(arguments: [false, true])
    func tearingDownFreesEveryController(traced: Bool) throws {
        var (owner, probes) = try populatedOwner(traced: traced)
        weak let first = probes[0]
        weak let second = probes[1]
        probes = []
        try owner.tearDown()
        #expect(first == nil && second == nil)
        weak let gone = owner
        owner = Owner()
        #expect(gone == nil)
    }

    @Test(arguments: [false, true])
    func droppingTheOwnerFreesItAndItsControllers(traced: Bool) throws {
        var (owner, probes): (Owner?, [Probe]) = try populatedOwner(traced: traced)
        weak let weakOwner = owner
        weak let first = probes[0]
        probes = []
        owner = nil
        #expect(weakOwner == nil)
        #expect(first == nil)
    }

    @Test func nestedOwnersAreFreedWithTheirParent() throws {
        var page: Owner? = Owner()
        var child: Owner? = Owner()
        try page?.attach(child!)
        try child?.attach(Probe("A", journal))
        weak let weakChild = child
        child = nil
        #expect(weakChild != nil)
        page = nil
        #expect(weakChild == nil)
    }
}
