import BCKit
import Testing

/// Keeps decoded images and drops them when memory runs short, with no help from the screen.
@MainActor
final class ImageCacheController: BusinessController, HostEventConversation {
    weak var owner: Owner?
    private(set) var images: [Int: [UInt8]] = [:]
    private(set) var heard: [String] = []

    func ownerDidLoad() { images = [1: [0xFF], 2: [0x00]] }

    func hostDidReceiveMemoryWarning() {
        images.removeAll()
        heard.append("memory warning")
    }

    func hostDidEnterBackground() { heard.append("background") }
    func hostWillEnterForeground() { heard.append("foreground") }
    func hostSizeWillChange(to size: HostSize) { heard.append("size \(size)") }
    func hostTraitsDidChange(_ traits: HostTraits) { heard.append("traits \(traits)") }
}

@MainActor
@Suite struct HostEventConversationTests {
    @Test func aControllerDropsItsCacheOnAMemoryWarningWithoutTheScreensHelp() throws {
        let cache = ImageCacheController()
        let owner = Owner(name: "Gallery")
        try owner.attach([Silent(), cache])
        let relay = HostRelay(owner: owner)
        relay.viewDidLoad()
        #expect(cache.images.count == 2)

        #expect(relay.didReceiveMemoryWarning() == 1)

        #expect(cache.images.isEmpty)
        #expect(cache.heard == ["memory warning"])
    }

    @Test func everyHostEventReachesTheControllerInOrder() throws {
        let cache = ImageCacheController()
        let relay = HostRelay(owner: Owner())
        try relay.owner.attach(cache)
        relay.didEnterBackground()
        relay.willEnterForeground()
        relay.sizeWillChange(to: HostSize(width: 844, height: 390))
        relay.traitsDidChange(HostTraits(horizontalSizeClass: .compact, appearance: .dark, displayScale: 3))
        #expect(
            cache.heard == [
                "background", "foreground", "size 844.0x390.0",
                "traits horizontal compact, vertical unspecified, dark, scale 3.0",
            ])
    }

    @Test func hostEventsReachNestedOwnersParentFirst() throws {
        let page = Owner(name: "Page")
        let section = Owner(name: "Section")
        let top = ImageCacheController()
        let inner = ImageCacheController()
        try page.attach([top, section])
        try section.attach(inner)
        let relay = HostRelay(owner: page)
        #expect(relay.didReceiveMemoryWarning() == 2)
        #expect(top.heard == ["memory warning"] && inner.heard == ["memory warning"])
    }

    @Test func aTornDownOwnerHearsNoHostEvent() throws {
        let cache = ImageCacheController()
        let relay = HostRelay(owner: Owner())
        try relay.owner.attach(cache)
        relay.tearDown()
        #expect(relay.didReceiveMemoryWarning() == 0)
        #expect(cache.heard.isEmpty)
    }

    @Test func aControllerThatIgnoresHostEventsStillCountsAsAReceiver() throws {
        final class Quiet: BusinessController, HostEventConversation {
            weak var owner: Owner?
        }
        let relay = HostRelay(owner: Owner())
        try relay.owner.attach(Quiet())
        #expect(relay.willEnterForeground() == 1)
    }

    @Test(arguments: [
        (HostSize(width: 844, height: 390), true), (HostSize(width: 390, height: 844), false),
        (HostSize(width: 500, height: 500), false),
    ])
    func aSizeKnowsWhetherItIsLandscape(size: HostSize, isLandscape: Bool) {
        #expect(size.isLandscape == isLandscape)
    }
}
