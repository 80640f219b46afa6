import BCKit
import Testing

// The samples of the DocC article "Hosting an Owner", verbatim where they use BCKit alone, so they
// cannot rot. Its UIKit and SwiftUI samples are compiled by Tests/AppleShims, its host-services
// samples, which open routes with BCKitModules' navigator, by Tests/BCKitModulesTests.

private final class HeaderController: BusinessController {
    weak var owner: Owner?
}

private final class PriceController: BusinessController {
    weak var owner: Owner?
}

final class ThumbnailController: BusinessController, HostEventConversation {
    weak var owner: Owner?
    private(set) var thumbnails: [Int: [UInt8]] = [:]

    func hostDidReceiveMemoryWarning() { thumbnails.removeAll() }
}

extension ThumbnailController {
    func cache(_ id: Int) { thumbnails[id] = [0] }
}

final class CartButtonController: BusinessController {
    weak var owner: Owner?

    func tapped() {
        center.navigate(to: "shop://cart")
    }
}

@MainActor
@Suite struct HostingArticleTests {
    @Test func theRelaySampleShowsTheOwner() throws {
        let owner = Owner(name: "GoodsDetail")
        try owner.attach([HeaderController(), PriceController()])
        let relay = HostRelay(owner: owner)

        relay.viewDidLoad()
        relay.viewWillAppear()
        relay.viewDidAppear()

        #expect(owner.state == .appeared)
        #expect(owner.controllers.allSatisfy { owner.state(of: $0) == .appeared })
    }

    @Test func theDiagnosticSampleReceivesWhatTheOwnerRefused() throws {
        let parent = Owner()
        let owner = Owner(name: "Nested")
        try parent.attach(owner)
        var refusals: [HostDiagnostic] = []
        owner.onDiagnostic = { diagnostic in
            if let refusal = diagnostic.refusal { refusals.append(refusal) }
        }
        let relay = HostRelay(owner: owner)
        relay.viewDidAppear()
        #expect(
            refusals.map(\.description) == [
                "owner 'Nested' (initial) refused viewDidAppear: " + OwnerError.drivenByParent("Nested").description
            ])
    }

    @Test func theThumbnailSampleDropsItsCacheOnAMemoryWarning() throws {
        let thumbnails = ThumbnailController()
        let relay = HostRelay(owner: Owner())
        try relay.owner.attach(thumbnails)
        thumbnails.cache(1)

        relay.didReceiveMemoryWarning()
        relay.sizeWillChange(to: HostSize(width: 844, height: 390))

        #expect(thumbnails.thumbnails.isEmpty)
    }

    @Test func theSwiftUISampleSendsAMemoryWarningToANestedOwnerWithoutARelay() throws {
        let owner = Owner(name: "Profile")
        let section = Owner(name: "Section")
        let thumbnails = ThumbnailController()
        try owner.attach(section)
        try section.attach(thumbnails)
        thumbnails.cache(1)

        owner.center.down.hostDidReceiveMemoryWarning()

        #expect(thumbnails.thumbnails.isEmpty)
    }

    @Test func anAppsOwnHostEventReachesNestedOwnersThroughTheRelayAndIsQuiet() throws {
        let owner = Owner(name: "Profile")
        let section = Owner(name: "Section")
        let banner = OfflineBanner()
        try owner.attach(section)
        try section.attach(banner)
        var diagnostics: [Diagnostic] = []
        owner.onDiagnostic = { diagnostics.append($0) }
        let relay = HostRelay(owner: owner)

        relay.events.connectivityDidChange(isOnline: false)

        #expect(banner.isShown)
        try section.detach(banner)
        relay.events.connectivityDidChange(isOnline: true)
        #expect(diagnostics.isEmpty)
    }

    @Test func theCartButtonAsksItsScreenToOpenTheCart() throws {
        let owner = Owner(name: "Goods")
        let button = CartButtonController()
        try owner.attach(button)
        var routes: [String] = []
        let relay = HostRelay(owner: owner)
        relay.provideServices(
            HostServices(navigate: { route in
                routes.append(route)
                return .opened(route)
            }))

        button.tapped()

        #expect(routes == ["shop://cart"])
    }
}

// The article's app-defined host event, verbatim.
protocol ConnectivityConversation: Conversation {
    func connectivityDidChange(isOnline: Bool)
}

extension ConnectivityConversation {
    func connectivityDidChange(isOnline: Bool) {
        relay((any ConnectivityConversation).self, message: .quiet()) { $0.connectivityDidChange(isOnline: isOnline) }
    }
}

extension CommunicationCenter: ConnectivityConversation {}

/// Shows a banner while the app is offline.
@MainActor
final class OfflineBanner: BusinessController, ConnectivityConversation {
    weak var owner: Owner?
    private(set) var isShown = false

    func connectivityDidChange(isOnline: Bool) { isShown = !isOnline }
}
