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

        relay.didReceiveMemoryWarning()

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
        relay.didReceiveMemoryWarning()
        #expect(top.heard == ["memory warning"] && inner.heard == ["memory warning"])
    }

    @Test func aTornDownOwnerHearsNoHostEvent() throws {
        let cache = ImageCacheController()
        let relay = HostRelay(owner: Owner())
        try relay.owner.attach(cache)
        relay.tearDown()
        relay.didReceiveMemoryWarning()
        #expect(cache.heard.isEmpty)
    }

    @Test func aControllerThatIgnoresHostEventsIsTracedAsIgnoringThemAndNothingIsReported() throws {
        final class Quiet: BusinessController, HostEventConversation {
            weak var owner: Owner?
        }
        final class Records: DispatchTracer {
            var records: [DispatchRecord] = []
            func didDispatch(_ dispatch: DispatchRecord) { records.append(dispatch) }
        }
        let relay = HostRelay(owner: Owner())
        let records = Records()
        var diagnostics: [Diagnostic] = []
        relay.owner.addObserver(records)
        relay.owner.onDiagnostic = { diagnostics.append($0) }
        try relay.owner.attach(Quiet())
        relay.willEnterForeground()
        #expect(records.records.map(\.receivers) == [["Quiet"]])
        #expect(
            records.records.map(\.defaulted) == [
                [DefaultedDelivery(receiver: "Quiet", method: "hostWillEnterForeground()")]
            ])
        #expect(diagnostics.isEmpty)
    }

    @Test(arguments: [
        (HostSize(width: 844, height: 390), true), (HostSize(width: 390, height: 844), false),
        (HostSize(width: 500, height: 500), false),
    ])
    func aSizeKnowsWhetherItIsLandscape(size: HostSize, isLandscape: Bool) {
        #expect(size.isLandscape == isLandscape)
    }
}
