import BCKit
import BCKitModules
import BCKitUIKit
import Testing
import UIKit

// The UIKit blocks of the doc comments, verbatim: BCKitUIKit's OwnerViewController (its
// `GoodsViewController` is ReadmeSampleTests') and `installOwner(_:)`, and BCKit's HostRelay and
// HostServices, whose samples are UIKit screens.

/// Shows a banner.
private final class BannerController: BusinessController {
    weak var owner: Owner?
}

/// Counts the appearances.
private final class AnalyticsController: BusinessController {
    weak var owner: Owner?
    private(set) var appearances = 0

    func ownerDidAppear() { appearances += 1 }
}

/// A screen that cannot change its superclass.
private final class LegacyViewController: UIViewController {
    private(set) var relay: HostRelay?

    override func viewDidLoad() {
        super.viewDidLoad()
        let owner = Owner(name: "Legacy")
        try? owner.attach([BannerController(), AnalyticsController()])
        relay = installOwner(owner)
    }
}

/// HostRelay's sample, a screen that forwards its callbacks by hand.
private enum RelaySample {
    final class GoodsViewController: UIViewController {
        let relay = HostRelay(owner: Owner(name: "GoodsDetail"))

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            relay.viewWillAppear()
        }
        // … the same one line in the other callbacks.
    }
}

/// The routes the app's navigator opened.
@MainActor
private final class Opened {
    var routes: [String] = []
}

@MainActor
@Suite struct DocCommentExampleTests {
    private static func navigator(opened: Opened) throws -> Navigator {
        var routes = RouterBuilder<RouteDestination>()
        try routes.register("shop://goods/detail/:id<Int>", to: RouteDestination { opened.routes.append($0.url) })
        return try Navigator(router: routes.build())
    }

    @Test func aScreensRoutesGoToTheAppsNavigator() throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened: opened)

        let screen = GoodsViewController(goodsID: 42)  // an OwnerViewController
        screen.services.onNavigate = { route in navigator.navigate(to: route) }  // BCKitModules' Navigator
        #expect(screen.owner.center.navigate(to: "shop://goods/detail/7") == .opened("shop://goods/detail/:id<Int>"))

        #expect(opened.routes == ["shop://goods/detail/7"])
    }

    @Test func aScreenPushesWhatItWouldPresentAndNavigatesWithTheNavigator() throws {
        let opened = Opened()
        let navigator = try Self.navigator(opened: opened)
        let screen = GoodsViewController(goodsID: 42)
        let navigation = UINavigationController(rootViewController: screen)

        screen.services.onNavigate = { route in navigator.navigate(to: route) }
        screen.services.onPresent = { [weak screen] next in
            guard let next = next as? UIViewController else { return }
            screen?.navigationController?.pushViewController(next, animated: true)
        }
        let details = UIViewController(nibName: nil, bundle: nil)
        screen.owner.center.present(details)
        screen.owner.center.navigate(to: "shop://goods/detail/8")

        #expect(navigation.viewControllers == [screen, details])
        #expect(screen.presentedViewController == nil)
        #expect(opened.routes == ["shop://goods/detail/8"])
    }

    @Test func anInstalledOwnerFollowsTheScreen() throws {
        let screen = LegacyViewController(nibName: nil, bundle: nil)

        screen.beginAppearanceTransition(true, animated: false)
        screen.endAppearanceTransition()

        let owner = try #require(screen.relay?.owner)
        #expect(owner.state == .appeared)
        #expect(owner.controllers.compactMap { $0 as? AnalyticsController }.first?.appearances == 1)
    }

    @Test func aScreenForwardsEachCallbackToItsRelay() {
        let screen = RelaySample.GoodsViewController(nibName: nil, bundle: nil)

        screen.beginAppearanceTransition(true, animated: false)

        #expect(screen.relay.owner.state == .appearing)
    }
}
