import BCKit
import BCKitUIKit
import Testing
import UIKit

// The UIKit samples of the DocC articles "Hosting an Owner" (a subclass that passes OwnerError on)
// and "Migrating a Massive View Controller" (a screen that hands its controllers the view it makes
// instead of reading `view` in its initializer), verbatim, with a check of what their prose says.

/// The profile screen's view, made by the screen before UIKit asks for it.
private final class ProfileView: UIView {
    private(set) var lines: [String] = []

    init() { super.init(frame: .zero) }

    required init?(coder: NSCoder) { nil }

    func show(_ line: String) { lines.append(line) }
}

/// Answers at once with a fixed handle.
@MainActor
private final class ProfileLoader {
    let handle: String

    init(handle: String) { self.handle = handle }
}

/// The three controllers of the migration's last step, reduced to what the check needs: each
/// shows on the view when the owner loads.
private final class ProfileLoaderController: BusinessController {
    weak var owner: Owner?
    let loader: ProfileLoader

    init(loader: ProfileLoader) { self.loader = loader }
}

private final class ProfileSummaryController: BusinessController {
    weak var owner: Owner?
    let view: ProfileView

    init(view: ProfileView) { self.view = view }

    func ownerDidLoad() { view.show("summary loaded") }
}

private final class FollowController: BusinessController {
    weak var owner: Owner?
    let view: ProfileView

    init(view: ProfileView) { self.view = view }

    func ownerDidLoad() { view.show("follow loaded") }
}

private final class ProfileViewController: OwnerViewController {
    private let profileView = ProfileView()

    init(loader: ProfileLoader) throws(OwnerError) {
        super.init(owner: Owner(name: "Profile"))
        try owner.attach([
            ProfileLoaderController(loader: loader),
            ProfileSummaryController(view: profileView),
            FollowController(view: profileView),
        ])
    }

    required init?(coder: NSCoder) {
        return nil
    }

    override func loadView() {
        view = profileView
    }
}

/// What the article warns about: reading `view` in the initializer loads the view, and with it the
/// owner, before the controllers are attached.
private final class ViewInInitViewController: OwnerViewController {
    private(set) var stateWhenAttaching: LifecycleState?

    init() throws(OwnerError) {
        super.init(owner: Owner(name: "Profile"))
        let view = ProfileView()
        self.view.addSubview(view)
        stateWhenAttaching = owner.state
        try owner.attach(ProfileSummaryController(view: view))
    }

    required init?(coder: NSCoder) {
        return nil
    }
}

@MainActor
@Suite struct ArticleSampleTests {
    final class GoodsViewController: OwnerViewController {
        init(goodsID: Int) throws(OwnerError) {
            super.init(owner: Owner(name: "GoodsDetail"))
            try owner.attach([HeaderController(goodsID: goodsID), PriceController()])
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
        }
    }

    @Test func theHostingSubclassAttachesBeforeTheOwnerLoads() throws {
        let screen = try GoodsViewController(goodsID: 42)

        #expect(screen.owner.state == .initial)
        #expect(!screen.isViewLoaded)
        #expect(screen.owner.controllers.count == 3, "the two controllers after the host services")
    }

    @Test func theProfileScreenLoadsItsViewOnlyWhenUIKitAsks() throws {
        let screen = try ProfileViewController(loader: ProfileLoader(handle: "ada"))
        #expect(!screen.isViewLoaded)
        #expect(screen.owner.state == .initial)

        screen.beginAppearanceTransition(true, animated: false)
        screen.endAppearanceTransition()

        let view = try #require(screen.view as? ProfileView)
        #expect(view.lines == ["summary loaded", "follow loaded"])
        #expect(screen.owner.state == .appeared)
    }

    @Test func readingViewInTheInitializerLoadsTheOwnerBeforeTheAttach() throws {
        let screen = try ViewInInitViewController()

        #expect(screen.stateWhenAttaching == .loaded)
    }
}
