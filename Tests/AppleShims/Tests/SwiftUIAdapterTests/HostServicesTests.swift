import AdapterTestSupport
import BCKit
import BCKitSwiftUI
import Foundation
import SwiftUI
import Testing

/// What the controllers ask of their screen reaches SwiftUI through the view's environment; what
/// SwiftUI shows from state is the app's to set.
@MainActor
@Suite(.serialized) struct HostServicesTests {
    /// Appears a leaf with an owner and hands the owner out.
    private func appearedOwner(services: @escaping @MainActor (HostServices) -> Void = { _ in }) throws -> Owner {
        var built: Owner?
        let view = Leaf().owner(
            {
                let owner = Owner(name: "Profile")
                built = owner
                return owner
            }, services: services)
        StandInRenderer.appear(view)
        return try #require(built)
    }

    @Test func aRouteIsOpenedWithTheEnvironmentsOpenURL() throws {
        var opened: [URL] = []
        StandInRenderer.environment.openURL = OpenURLAction { url in
            opened.append(url)
            return .handled
        }
        defer { StandInRenderer.environment = EnvironmentValues() }
        let owner = try appearedOwner()
        #expect(owner.center.navigate(to: "shop://goods/detail/42") == .opened("shop://goods/detail/42"))
        #expect(opened == [URL(string: "shop://goods/detail/42")])
    }

    @Test func aDismissalCallsTheEnvironmentsDismiss() throws {
        let before = StandInRenderer.dismissals
        let owner = try appearedOwner()
        owner.center.dismiss()
        #expect(StandInRenderer.dismissals == before + 1)
    }

    @Test func whatSwiftUIShowsFromStateIsUnansweredUntilTheAppSetsIt() throws {
        let owner = try appearedOwner()
        let unanswered = UnansweredRequests()
        owner.addObserver(unanswered)
        owner.center.showAlert(HostAlert(title: "Saved"))
        owner.center.present(NSObject())
        owner.center.fill("header", with: NSObject())
        #expect(owner.center.navigate(to: "") == .declined("'' is not a URL"))
        #expect(unanswered.methods == ["showAlert(_:)", "present(_:)", "fill(_:with:)", "navigate(to:)"])
    }

    @Test func theAppSetsTheRestOnceWhenTheOwnerIsBuilt() throws {
        var alerts: [HostAlert] = []
        var configured = 0
        let owner = try appearedOwner { services in
            configured += 1
            services.onShowAlert = { alerts.append($0) }
        }
        owner.center.showAlert(HostAlert(title: "Saved"))
        #expect(alerts == [HostAlert(title: "Saved")])
        #expect(configured == 1)
    }
}
