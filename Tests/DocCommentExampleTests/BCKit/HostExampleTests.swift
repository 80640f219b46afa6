import BCKit
import Testing

// The blocks of the doc comments of BCKit's host types that need no UI framework, verbatim:
// HostAlert, HostEventConversation (a controller, and an app's own host event), HostRelay's
// `events`, HostServiceConversation, HostSize, HostTraits and LazyHostRelay's
// `relay(_:services:)`.

private protocol ConnectivityConversation: Conversation {
    func connectivityDidChange(isOnline: Bool)
}

extension ConnectivityConversation {
    func connectivityDidChange(isOnline: Bool) {
        relay((any ConnectivityConversation).self, message: .quiet()) { $0.connectivityDidChange(isOnline: isOnline) }
    }
}

extension CommunicationCenter: ConnectivityConversation {}

private final class ThumbnailController: BusinessController, HostEventConversation {
    weak var owner: Owner?
    private var thumbnails: [Int: [UInt8]] = [:]

    func hostDidReceiveMemoryWarning() { thumbnails.removeAll() }
}

extension ThumbnailController {
    var thumbnailCount: Int { thumbnails.count }

    func cache(_ thumbnail: [UInt8], for goodsID: Int) { thumbnails[goodsID] = thumbnail }
}

/// Shows a banner while offline; hears every host event.
private final class OfflineBanner: BusinessController, ConnectivityConversation, HostEventConversation {
    weak var owner: Owner?
    private(set) var isShown = false
    private(set) var sizes: [HostSize] = []
    private(set) var traits: [HostTraits] = []

    func connectivityDidChange(isOnline: Bool) { isShown = !isOnline }
    func hostSizeWillChange(to size: HostSize) { sizes.append(size) }
    func hostTraitsDidChange(_ traits: HostTraits) { self.traits.append(traits) }
}

/// Asks its screen to open the cart, and to show an alert.
private final class CheckoutButton: BusinessController {
    weak var owner: Owner?

    func checkoutTapped() {
        center.navigate(to: "shop://cart")
    }

    func soldOut() {
        center.showAlert(HostAlert(title: "Out of stock", message: "Only 2 left.", actions: ["OK"]))
    }
}

@MainActor
@Suite struct HostExampleTests {
    @Test func aMemoryWarningDropsTheThumbnails() throws {
        let owner = Owner(name: "Goods")
        let thumbnails = ThumbnailController()
        try owner.attach(thumbnails)
        thumbnails.cache([1, 2, 3], for: 7)
        let relay = HostRelay(owner: owner)

        relay.didReceiveMemoryWarning()

        #expect(thumbnails.thumbnailCount == 0)
    }

    @Test func anAppsOwnHostEventReachesNestedOwnersQuietly() throws {
        let owner = Owner(name: "Page")
        let nested = Owner(name: "Reviews")
        let banner = OfflineBanner()
        try owner.attach(nested)
        try nested.attach(banner)
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        let relay = HostRelay(owner: owner)

        relay.events.connectivityDidChange(isOnline: false)
        #expect(banner.isShown)
        try nested.detach(banner)
        relay.events.connectivityDidChange(isOnline: true)

        #expect(banner.isShown, "detached, it heard nothing more")
        #expect(diagnostics.isEmpty, "a quiet message that nobody hears is not reported")
    }

    @Test func sizeAndTraitsReachTheControllers() throws {
        let owner = Owner(name: "Goods")
        let banner = OfflineBanner()
        try owner.attach(banner)
        let relay = HostRelay(owner: owner)

        relay.sizeWillChange(to: HostSize(width: 390, height: 844))
        relay.traitsDidChange(HostTraits(horizontalSizeClass: .compact, appearance: .dark))

        #expect(banner.sizes == [HostSize(width: 390, height: 844)])
        #expect(banner.traits.map(\.appearance) == [.dark])
        #expect(banner.traits.map(\.horizontalSizeClass) == [.compact])
    }

    @Test func aControllerAsksItsScreenThroughItsCenter() throws {
        let owner = Owner(name: "Goods")
        var routes: [String] = []
        var alerts: [HostAlert] = []
        let button = CheckoutButton()
        try owner.attach(button)
        let relay = HostRelay(owner: owner)
        relay.provideServices(
            HostServices(
                navigate: {
                    routes.append($0)
                    return .opened($0)
                },
                showAlert: { alerts.append($0) }
            ))

        button.checkoutTapped()
        button.soldOut()

        #expect(routes == ["shop://cart"])
        #expect(alerts == [HostAlert(title: "Out of stock", message: "Only 2 left.", actions: ["OK"])])
    }

    @Test func aLazyBoxMakesItsOwnerAndServicesOnce() {
        let box = LazyHostRelay()
        var dismissals = 0
        func dismiss() { dismissals += 1 }

        box.relay({ Owner(name: "Profile") }, services: { HostServices(dismiss: { dismiss() }) }).appeared()
        box.relay({ Owner(name: "Other") }, services: { HostServices() }).owner.center.dismiss()

        #expect(box.relay { Owner(name: "Other") }.owner.name == "Profile")
        #expect(box.relay { Owner(name: "Other") }.owner.state == .appeared)
        #expect(dismissals == 1)
    }
}
