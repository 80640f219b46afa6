import AdapterTestSupport
import BCKit
import BCKitUIKit
import Testing
import UIKit

/// What the controllers ask of their screen reaches UIKit: subviews, presentation, alerts; routes
/// go where the app says.
@MainActor
@Suite struct HostServicesTests {
    @Test func aFilledViewIsAddedToTheScreensView() {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        let header = UIView(frame: .zero)
        screen.owner.center.fill("header", with: header)
        #expect(header.superview === screen.view)
    }

    @Test func presentingAndDismissingUseUIKitsPresentation() {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        let details = UIViewController(nibName: nil, bundle: nil)
        screen.owner.center.present(details)
        #expect(screen.presentedViewController === details)
        #expect(details.presentingViewController === screen)
        screen.owner.center.dismiss()
        #expect(screen.presentedViewController == nil)
    }

    @Test func anAlertIsAUIAlertControllerWithOneActionPerChoice() throws {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        screen.owner.center.showAlert(
            HostAlert(title: "Sold out", message: "None left.", actions: ["OK", "Notify me"]))
        let alert = try #require(screen.presentedViewController as? UIAlertController)
        #expect(alert.title == "Sold out")
        #expect(alert.message == "None left.")
        #expect(alert.preferredStyle == .alert)
        #expect(alert.actions.map(\.title) == ["OK", "Notify me"])
        #expect(alert.actions.map(\.style) == [.default, .default])
    }

    @Test func anAlertWithoutChoicesStillGetsAButtonThatClosesIt() throws {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        screen.owner.center.showAlert(HostAlert(title: "Saved", actions: []))
        let alert = try #require(screen.presentedViewController as? UIAlertController)
        #expect(alert.actions.map(\.title) == ["OK"])
        #expect(alert.actions.map(\.style) == [.cancel])
    }

    @Test func whatIsAskedWhileTheScreenPresentsIsShownOnTopOfIt() throws {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        let details = UIViewController(nibName: nil, bundle: nil)
        screen.owner.center.present(details)
        // UIKit presents nothing from a view controller that already presents one.
        screen.owner.center.showAlert(HostAlert(title: "Sold out"))
        let alert = try #require(details.presentedViewController as? UIAlertController)
        #expect(alert.title == "Sold out")
        #expect(screen.presentedViewController === details)
        // Dismissing from the screen closes the whole chain above it, as UIKit does.
        screen.owner.center.dismiss()
        #expect(screen.presentedViewController == nil)
    }

    @Test func aScreenAskedForTwiceIsPresentedOnceAndTheSecondRequestIsUnanswered() {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        let unanswered = UnansweredRequests()
        screen.owner.addObserver(unanswered)
        let details = UIViewController(nibName: nil, bundle: nil)
        // A double tap: UIKit raises when asked to present a screen that is already presented.
        screen.owner.center.present(details)
        screen.owner.center.present(details)
        screen.owner.center.present(screen)
        #expect(screen.presentedViewController === details)
        #expect(details.presentedViewController == nil)
        #expect(unanswered.methods == ["present(_:)", "present(_:)"])
    }

    @Test func routesAreUnansweredUntilTheAppSaysWhereTheyGo() {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        let unanswered = UnansweredRequests()
        screen.owner.addObserver(unanswered)
        #expect(screen.owner.center.navigate(to: "shop://cart") == .noHost)
        #expect(unanswered.methods == ["navigate(to:)"])

        var opened: [String] = []
        screen.services.onNavigate = {
            opened.append($0)
            return .opened($0)
        }
        #expect(screen.owner.center.navigate(to: "shop://cart") == .opened("shop://cart"))
        #expect(opened == ["shop://cart"])
        #expect(unanswered.methods == ["navigate(to:)"])
    }

    @Test func whatUIKitCannotShowIsReportedAsUnanswered() {
        let screen = OwnerViewController(owner: Owner(name: "Goods"))
        let unanswered = UnansweredRequests()
        screen.owner.addObserver(unanswered)
        screen.owner.center.fill("header", with: NSObject())
        screen.owner.center.present(NSObject())
        #expect(unanswered.methods == ["fill(_:with:)", "present(_:)"])
        #expect(screen.presentedViewController == nil)
    }

    @Test func anInstalledOwnerAsksTheHostNotItsInvisibleChild() throws {
        let host = UIViewController(nibName: nil, bundle: nil)
        let relay = host.installOwner(Owner(name: "Legacy"))
        let details = UIViewController(nibName: nil, bundle: nil)
        relay.owner.center.present(details)
        #expect(host.presentedViewController === details)
        let banner = UIView(frame: .zero)
        relay.owner.center.fill("banner", with: banner)
        #expect(banner.superview === host.view)
        var opened: [String] = []
        relay.services?.onNavigate = {
            opened.append($0)
            return .opened($0)
        }
        relay.owner.center.navigate(to: "shop://home")
        #expect(opened == ["shop://home"])
    }

    @Test func theServicesDoNotKeepTheScreenAlive() async {
        let owner = Owner(name: "Goods")
        var screen: OwnerViewController? = OwnerViewController(owner: owner)
        let services = screen?.services
        screen = nil
        // The screen's relay went with it and tore the owner down: nothing held the screen.
        for _ in 0..<100 where owner.state != .tornDown { await Task.yield() }
        #expect(owner.state == .tornDown)
        services?.dismiss()
    }

    @Test func whatIsAskedOnceTheScreenIsGoneIsReportedAsUnanswered() {
        let owner = Owner(name: "Goods")
        let unanswered = UnansweredRequests()
        owner.addObserver(unanswered)
        var screen: OwnerViewController? = OwnerViewController(owner: owner)
        #expect(screen != nil)
        screen = nil
        // The owner's tear-down is queued on the main actor; until it runs, a controller may ask.
        #expect(owner.state != .tornDown)
        owner.center.fill("header", with: UIView(frame: .zero))
        owner.center.present(UIViewController(nibName: nil, bundle: nil))
        owner.center.dismiss()
        owner.center.showAlert(HostAlert(title: "Sold out"))
        #expect(unanswered.methods == ["fill(_:with:)", "present(_:)", "dismiss()", "showAlert(_:)"])
    }
}
