import BCKit
import BCKitUIKit
import Foundation
import Testing
import UIKit

// The blocks of BCKitUIKit's restoration API (HostRelay+Restoration.swift), verbatim.

@MainActor
@Suite struct RestorationExampleTests {
    /// A screen that cannot subclass OwnerViewController and installs its owner instead.
    final class LegacyScreen: UIViewController {
        var relay: HostRelay!

        override func viewDidLoad() {
            super.viewDidLoad()
            let owner = Owner(name: "Legacy")
            let keeper = DraftKeeper()
            keeper.draft = "kept"
            try? owner.attach(keeper)
            relay = installOwner(owner)
        }

        override func encodeRestorableState(with coder: NSCoder) {
            super.encodeRestorableState(with: coder)
            relay.encodeRestorableState(with: coder)
        }
    }

    /// The part of a scene session the block reads.
    struct Session {
        var stateRestorationActivity: NSUserActivity?
    }

    @Test func aLegacyScreenWritesItsOwnersStateIntoTheCoder() throws {
        let screen = LegacyScreen(nibName: nil, bundle: nil)
        screen.loadViewIfNeeded()
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        screen.encodeRestorableState(with: coder)
        coder.finishEncoding()
        let reader = try NSKeyedUnarchiver(forReadingFrom: coder.encodedData)
        reader.requiresSecureCoding = false
        let restored = HostRelay(owner: Owner(name: "Legacy"))
        restored.decodeRestorableState(with: reader)
        let keeper = DraftKeeper()
        try restored.owner.attach(keeper)
        #expect(keeper.draft == "kept")
    }

    /// A screen of the scene, holding its relay as an app's screen does.
    @MainActor
    struct ComposerScreen {
        let relay = HostRelay(owner: Owner(name: "Composer"))
    }

    /// The activity the first process returned from `stateRestorationActivity(for:)`.
    static func savedActivity() throws -> NSUserActivity {
        let composer = ComposerScreen()
        let keeper = DraftKeeper()
        keeper.draft = "draft"
        try composer.relay.owner.attach(keeper)

        let activity = NSUserActivity(activityType: "com.example.composer")
        composer.relay.saveState(into: activity)
        return activity
    }

    @Test func aSceneSavesIntoItsActivityAndRestoresWhenItConnects() throws {
        let saved = try Self.savedActivity()

        // The relaunched scene connects: its new screen restores before its controllers attach.
        let session = Session(stateRestorationActivity: saved)
        let composer = ComposerScreen()
        if let activity = session.stateRestorationActivity {
            composer.relay.restoreState(from: activity)
        }
        let fresh = DraftKeeper()
        try composer.relay.owner.attach(fresh)
        #expect(fresh.draft == "draft")
    }

    /// A page of the shop, pushed once per goods it shows.
    @MainActor
    struct GoodsPage {
        let goodsID: Int
        let relay = HostRelay(owner: Owner(name: "GoodsDetail"))
    }

    @Test func pagesOfOneKindSaveUnderTheirOwnKeys() throws {
        let goodsPages = [GoodsPage(goodsID: 1), GoodsPage(goodsID: 2)]
        for page in goodsPages {
            let keeper = DraftKeeper()
            keeper.draft = "review of goods \(page.goodsID)"
            try page.relay.owner.attach(keeper)
        }
        let activity = NSUserActivity(activityType: "com.example.shop")

        for page in goodsPages {
            page.relay.saveState(into: activity, key: "GoodsDetail.\(page.goodsID)")
        }

        let relaunched = GoodsPage(goodsID: 2)
        relaunched.relay.restoreState(from: activity, key: "GoodsDetail.\(relaunched.goodsID)")
        let fresh = DraftKeeper()
        try relaunched.relay.owner.attach(fresh)
        #expect(fresh.draft == "review of goods 2")
    }
}
