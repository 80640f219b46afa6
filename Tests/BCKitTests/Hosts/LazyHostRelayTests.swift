import BCKit
import Testing

@MainActor
@Suite struct LazyHostRelayTests {
    @Test func boxesThrownAwayLikeExtraStateInitialValuesBuildNoOwner() {
        var built = 0
        let make = {
            built += 1
            return Owner(name: "Profile")
        }
        // SwiftUI evaluates the initial value on each init of the view and keeps only the first.
        let boxes = (0..<3).map { _ in LazyHostRelay() }
        #expect(boxes.allSatisfy { !$0.isCreated })
        boxes[0].relay(make).appeared()
        #expect(built == 1)
        #expect(boxes.map(\.isCreated) == [true, false, false])
    }

    @Test func theFirstUseCreatesTheOwnerAndLaterUsesKeepIt() {
        var built = 0
        let box = LazyHostRelay()
        let make = {
            built += 1
            return Owner(name: "Profile")
        }
        let first = box.relay(make)
        let second = box.relay(make)
        #expect(first === second)
        #expect(built == 1)
        #expect(box.isCreated)
    }

    @Test func releasingTheBoxTearsItsOwnerDownButAnOnDisappearDoesNot() async throws {
        let journal = Journal()
        var box: LazyHostRelay? = LazyHostRelay()
        let owner = try #require(box?.relay { Owner(name: "Profile") }.owner)
        try owner.attach(Probe("A", journal))
        box?.relay { Owner() }.appeared()
        box?.relay { Owner() }.disappeared()
        #expect(owner.state == .loaded)
        box = nil
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        #expect(journal.events.last == .detached("A"))
    }

    @Test func theFirstUseAlsoProvidesTheServicesAndLaterUsesBuildNone() {
        let box = LazyHostRelay()
        var made = 0
        var dismissals = 0
        let makeServices = {
            made += 1
            return HostServices(dismiss: { dismissals += 1 })
        }
        let relay = box.relay({ Owner(name: "Profile") }, services: makeServices)
        #expect(box.relay({ Owner(name: "Other") }, services: makeServices) === relay)
        #expect(made == 1)
        #expect(relay.owner.controllers.first === relay.services)
        relay.owner.center.dismiss()
        #expect(dismissals == 1)
    }
}
