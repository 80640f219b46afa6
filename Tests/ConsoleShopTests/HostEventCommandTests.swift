import BCKit
import ConsoleShop
import Testing

/// Keeps a cache it drops on a memory warning, and notes the app's comings and goings.
@MainActor
private final class CachingController: BusinessController, HostEventConversation {
    weak var owner: Owner?
    var cache: [String] = ["thumbnail"]
    var heard: [String] = []

    func hostDidReceiveMemoryWarning() {
        cache.removeAll()
        heard.append("memory warning")
    }

    func hostDidEnterBackground() { heard.append("background") }
    func hostWillEnterForeground() { heard.append("foreground") }
}

/// A screen with a caching controller on top and another inside a nested owner.
@MainActor
private final class CachingScreen: Screen {
    let owner = Owner(name: "Gallery")
    let top = CachingController()
    let nested = CachingController()
    let parts: [ScreenPart]

    init() throws {
        let section = Owner(name: "Section")
        try section.attach(nested)
        parts = [ScreenPart(name: "Top", controller: top), ScreenPart(name: "Section", controller: section)]
        try owner.attach([top, section])
    }
}

@MainActor
@Suite struct HostEventCommandTests {
    @Test func aMemoryWarningCommandLetsControllersDropTheirCachesInNestedOwnersToo() throws {
        let screen = try CachingScreen()
        var lines: [String] = []
        let session = Session(screen: screen, transcript: Transcript { lines.append($0) })

        session.execute("memory-warning")

        #expect(screen.top.cache.isEmpty && screen.nested.cache.isEmpty)
        #expect(lines.contains("host -> HostEventConversation: memory warning"))
        #expect(lines.last == "  2 controller(s) of Gallery heard it")
    }

    @Test func backgroundAndForegroundCommandsReachTheControllers() throws {
        let screen = try CachingScreen()
        let session = Session(screen: screen, transcript: Transcript { _ in })
        #expect(session.run(lines: ["background", "foreground"]) == 0)
        #expect(screen.top.heard == ["background", "foreground"])
        #expect(screen.nested.heard == ["background", "foreground"])
    }
}
