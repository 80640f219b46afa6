import AdapterTestSupport
import AppKit
import BCKit
import BCKitAppKit
import Foundation
import Testing

/// A controller that saves which tab is selected.
@MainActor
final class TabKeeper: RestorableController {
    weak var owner: Owner?
    var tab = 0
    func saveState() -> Int? { tab }
    func restoreState(_ state: Int) { tab = state }
}

@MainActor
@Suite struct RestorationTests {
    @Test func encodeRestorableStateAndRestoreStateCarryTheOwnersStateAcrossProcessDeath() throws {
        let saved = TabKeeper()
        saved.tab = 3
        let owner = Owner(name: "Settings")
        try owner.attach(saved)
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        OwnerViewController(owner: owner).encodeRestorableState(with: archiver)
        archiver.finishEncoding()

        let fresh = TabKeeper()
        let relaunched = Owner(name: "Settings")
        try relaunched.attach(fresh)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        OwnerViewController(owner: relaunched).restoreState(with: unarchiver)

        #expect(fresh.tab == 3)
    }

    @Test func aCoderWithoutSavedStateRestoresNothingAndReportsNothing() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.finishEncoding()
        let owner = Owner(name: "Settings")
        var reported: [Diagnostic] = []
        owner.onDiagnostic = { reported.append($0) }
        let tabs = TabKeeper()
        try owner.attach(tabs)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        unarchiver.requiresSecureCoding = false
        OwnerViewController(owner: owner).restoreState(with: unarchiver)
        #expect(tabs.tab == 0)
        #expect(reported.isEmpty)
    }
}
