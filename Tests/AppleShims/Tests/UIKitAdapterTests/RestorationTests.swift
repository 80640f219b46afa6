import AdapterTestSupport
import BCKit
import BCKitUIKit
import Foundation
import Testing
import UIKit

/// A controller that saves a draft.
@MainActor
final class DraftKeeper: RestorableController {
    weak var owner: Owner?
    var draft = ""
    func saveState() -> String? { draft.isEmpty ? nil : draft }
    func restoreState(_ state: String) { draft = state }
}

@MainActor
@Suite struct RestorationTests {
    /// A screen whose draft was typed, preserved by UIKit into a keyed archive.
    func preservedScreen(draft: String) throws -> Data {
        let keeper = DraftKeeper()
        keeper.draft = draft
        let owner = Owner(name: "Composer")
        try owner.attach(keeper)
        let screen = OwnerViewController(owner: owner)
        screen.restorationIdentifier = "composer"
        let coder = NSKeyedArchiver(requiringSecureCoding: false)
        screen.encodeRestorableState(with: coder)
        coder.finishEncoding()
        return coder.encodedData
    }

    @Test func encodeAndDecodeRestorableStateCarryTheOwnersStateAcrossProcessDeath() throws {
        let preserved = try preservedScreen(draft: "Hello")

        let keeper = DraftKeeper()
        let owner = Owner(name: "Composer")
        try owner.attach(keeper)
        let screen = OwnerViewController(owner: owner)
        let coder = try NSKeyedUnarchiver(forReadingFrom: preserved)
        coder.requiresSecureCoding = false
        screen.decodeRestorableState(with: coder)

        #expect(keeper.draft == "Hello")
    }

    @Test func aCorruptArchiveInTheCoderRestoresNothingAndIsDiagnosed() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(Data([1, 2, 3]), forKey: "BCKit.savedState")
        archiver.finishEncoding()

        let keeper = DraftKeeper()
        let owner = Owner(name: "Composer")
        var reported: [Diagnostic] = []
        owner.onDiagnostic = { reported.append($0) }
        try owner.attach(keeper)
        let screen = OwnerViewController(owner: owner)
        let coder = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        coder.requiresSecureCoding = false
        screen.decodeRestorableState(with: coder)

        #expect(keeper.draft == "")
        #expect(reported.map(\.cause) == [.unreadableSavedState])
        #expect(reported.first?.message == "decodeRestorableState")
    }

    @Test func aSceneActivityCarriesEachScreenUnderItsOwnersName() throws {
        let composer = HostRelay(owner: Owner(name: "Composer"))
        let keeper = DraftKeeper()
        keeper.draft = "Hi"
        try composer.owner.attach(keeper)
        let other = HostRelay(owner: Owner(name: "Inbox"))
        try other.owner.attach(DraftKeeper())

        let activity = NSUserActivity(activityType: "com.example.composer")
        composer.saveState(into: activity)
        other.saveState(into: activity)
        #expect(activity.userInfo?.keys.count == 2)

        // The relaunched scene: a fresh screen restores before its controllers attach.
        let relaunched = HostRelay(owner: Owner(name: "Composer"))
        relaunched.restoreState(from: activity)
        let fresh = DraftKeeper()
        try relaunched.owner.attach(fresh)
        #expect(fresh.draft == "Hi")
    }

    /// Two pages of one kind, as a navigation stack pushes them, each with its own draft.
    func goodsPages() throws -> [HostRelay] {
        try ["review of goods 1", "review of goods 2"].map { draft in
            let page = HostRelay(owner: Owner(name: "GoodsDetail"))
            let keeper = DraftKeeper()
            keeper.draft = draft
            try page.owner.attach(keeper)
            return page
        }
    }

    @Test func twoScreensOfOneKindInOneSceneKeepTheirOwnStateUnderTheirKeys() throws {
        let pages = try goodsPages()
        let activity = NSUserActivity(activityType: "com.example.shop")
        var reported: [Diagnostic] = []
        for (number, page) in zip(1..., pages) {
            page.owner.onDiagnostic = { reported.append($0) }
            page.saveState(into: activity, key: "GoodsDetail.\(number)")
        }

        let drafts = try (1...2).map { number in
            let relaunched = HostRelay(owner: Owner(name: "GoodsDetail"))
            relaunched.restoreState(from: activity, key: "GoodsDetail.\(number)")
            let restored = DraftKeeper()
            try relaunched.owner.attach(restored)
            return restored.draft
        }

        #expect(drafts == ["review of goods 1", "review of goods 2"])
        #expect(reported.isEmpty)
    }
}
