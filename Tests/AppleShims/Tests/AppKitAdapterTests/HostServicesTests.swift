import AdapterTestSupport
import AppKit
import BCKit
import BCKitAppKit
import Testing

/// A sheet's content.
final class SheetScreen: NSViewController {
    override func loadView() { view = NSView(frame: .zero) }
}

/// What the controllers ask of their screen reaches AppKit: subviews, sheets, alerts; routes go
/// where the app says.
@MainActor
@Suite(.serialized) struct HostServicesTests {
    @Test func aFilledViewIsAddedToTheScreensView() {
        let screen = GoodsScreen(owner: Owner(name: "Goods"))
        let header = NSView(frame: .zero)
        screen.owner.center.fill("header", with: header)
        #expect(header.superview === screen.view)
    }

    @Test func aScreenIsPresentedAsASheetAndDismissedByEitherSide() {
        let screen = GoodsScreen(owner: Owner(name: "Goods"))
        let sheet = SheetScreen(nibName: nil, bundle: nil)
        screen.owner.center.present(sheet)
        #expect(screen.presentedViewControllers?.map(ObjectIdentifier.init) == [ObjectIdentifier(sheet)])
        #expect(sheet.presentingViewController === screen)
        screen.owner.center.dismiss()
        #expect(screen.presentedViewControllers == nil)

        let presented = GoodsScreen(owner: Owner(name: "Details"))
        screen.presentAsSheet(presented)
        presented.owner.center.dismiss()
        #expect(screen.presentedViewControllers == nil)
        #expect(presented.presentingViewController == nil)
    }

    @Test func anAlertIsASheetOnTheWindowOrModalWithoutOne() throws {
        let screen = GoodsScreen(owner: Owner(name: "Goods"))
        let window = NSWindow(contentViewController: screen)
        let before = NSAlert.shown.count
        screen.owner.center.showAlert(
            HostAlert(title: "Sold out", message: "None left.", actions: ["OK", "Notify me"]))
        let alert = try #require(NSAlert.shown.last)
        #expect(NSAlert.shown.count == before + 1)
        #expect(alert.messageText == "Sold out")
        #expect(alert.informativeText == "None left.")
        #expect(alert.buttons.map(\.title) == ["OK", "Notify me"])
        #expect(alert.sheetWindow === window)

        let offScreen = GoodsScreen(owner: Owner(name: "Later"))
        offScreen.owner.center.showAlert(HostAlert(title: "Saved"))
        #expect(NSAlert.shown.count == before + 2)
        #expect(NSAlert.shown.last?.sheetWindow == nil)
    }

    @Test func routesAreUnansweredUntilTheAppSaysWhereTheyGo() {
        let screen = GoodsScreen(owner: Owner(name: "Goods"))
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
    }

    @Test func whatAppKitCannotShowIsReportedAsUnanswered() {
        let screen = GoodsScreen(owner: Owner(name: "Goods"))
        let unanswered = UnansweredRequests()
        screen.owner.addObserver(unanswered)
        screen.owner.center.fill("header", with: NSObject())
        screen.owner.center.present(NSObject())
        #expect(unanswered.methods == ["fill(_:with:)", "present(_:)"])
    }

    @Test func anInstalledOwnerAsksTheHostNotItsInvisibleChild() throws {
        let host = LegacyScreen()
        _ = host.view
        let sheet = SheetScreen(nibName: nil, bundle: nil)
        host.owner.center.present(sheet)
        #expect(sheet.presentingViewController === host)
        let banner = NSView(frame: .zero)
        host.owner.center.fill("banner", with: banner)
        #expect(banner.superview === host.view)
    }

    @Test func whatIsAskedOnceTheScreenIsGoneIsReportedAsUnanswered() {
        let owner = Owner(name: "Goods")
        let unanswered = UnansweredRequests()
        owner.addObserver(unanswered)
        var screen: OwnerViewController? = GoodsScreen(owner: owner)
        #expect(screen != nil)
        screen = nil
        // The owner's tear-down is queued on the main actor; until it runs, a controller may ask.
        #expect(owner.state != .tornDown)
        let alertsBefore = NSAlert.shown.count
        owner.center.fill("header", with: NSView(frame: .zero))
        owner.center.present(NSViewController(nibName: nil, bundle: nil))
        owner.center.dismiss()
        owner.center.showAlert(HostAlert(title: "Sold out"))
        #expect(unanswered.methods == ["fill(_:with:)", "present(_:)", "dismiss()", "showAlert(_:)"])
        #expect(NSAlert.shown.count == alertsBefore)
    }
}
