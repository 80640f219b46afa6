import BCKit
import BCKitModules
import Testing

/// In debug builds, an unknown route with no unmatched handler is a diagnostic through the kit's
/// one hook, once per navigator per scheme and host; never a crash.
@MainActor
@Suite struct NavigatorDiagnosticsTests {
    let recorder = Recorder()

    func navigator(unmatched: RouteHandler? = nil) throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://goods/:id<Int>", name: "goods",
            to: RouteDestination(
                accepts: { ($0.parameters.value("id", as: Int.self) ?? 0) < 100 },
                handler: { _ in recorder.record("goods") }))
        return try Navigator(router: builder.build(), unmatchedHandler: unmatched)
    }

    /// An owner whose diagnostics the test keeps.
    func owner() -> (Owner, DiagnosticsKept) {
        let owner = Owner(name: "App")
        let kept = DiagnosticsKept()
        owner.onDiagnostic = { kept.all.append($0) }
        return (owner, kept)
    }

    @Test func anUnknownRouteIsReportedOncePerSchemeAndHostThroughTheOwnersHook() throws {
        let navigator = try navigator()
        let (owner, kept) = owner()
        navigator.diagnosticOwner = owner
        #expect(try navigator.open("shop://nowhere/1") == .unmatched)
        #expect(try navigator.open("shop://nowhere/2?x=1") == .unmatched)
        #expect(try navigator.open("shop://elsewhere") == .unmatched)
        #expect(try navigator.open("other://nowhere") == .unmatched)
        #if DEBUG
            #expect(kept.all.map(\.cause) == [.unknownRoute, .unknownRoute, .unknownRoute])
            #expect(kept.all.map(\.message) == ["shop://nowhere", "shop://elsewhere", "other://nowhere"])
            #expect(kept.all.first?.owner == "App")
            #expect(kept.all.first?.hint.contains("no route matches shop://nowhere/1") == true)
            #expect(kept.all.first?.hint.contains("unmatchedHandler") == true)
        #else
            #expect(kept.all.isEmpty)
        #endif
    }

    /// Each navigator keeps its own record: two sharing one owner each report their first miss of
    /// a scheme and host, and each only once.
    @Test func twoNavigatorsSharingAnOwnerEachReportTheirOwnUnknownRoute() throws {
        let (owner, kept) = owner()
        let first = try navigator()
        let second = try navigator()
        first.diagnosticOwner = owner
        second.diagnosticOwner = owner
        #expect(try first.open("shop://nowhere/1") == .unmatched)
        #expect(try second.open("shop://nowhere/1") == .unmatched)
        #expect(try first.open("shop://nowhere/2") == .unmatched)
        #expect(try second.open("shop://nowhere/2") == .unmatched)
        #if DEBUG
            #expect(kept.all.map(\.message) == ["shop://nowhere", "shop://nowhere"])
        #else
            #expect(kept.all.isEmpty)
        #endif
    }

    @Test func anUnmatchedHandlerOrADeclineIsNotReported() throws {
        let (owner, kept) = owner()
        let handled = try navigator { [recorder] in recorder.record("not found \($0.url)") }
        handled.diagnosticOwner = owner
        #expect(try handled.open("shop://nowhere") == .unmatched)
        let declining = try navigator()
        declining.diagnosticOwner = owner
        #expect(try declining.open("shop://goods/500") == .declined(by: "goods"))
        #expect(kept.all.isEmpty)
        #expect(recorder.entries == ["not found shop://nowhere"])
    }

    /// Without an owner, the app-wide handler hears it; each navigator reports its own, once.
    @Test func withoutAnOwnerTheAppWideHandlerHearsItOncePerNavigator() throws {
        var reported: [Diagnostic] = []
        let previous = Diagnostic.handler
        Diagnostic.handler = { reported.append($0) }
        defer { Diagnostic.handler = previous }
        let first = try navigator()
        let second = try navigator()
        for navigator in [first, first, second] {
            #expect(navigator.navigate(to: "shop://nowhere") == .unmatched)
        }
        #if DEBUG
            #expect(reported.map(\.message) == ["shop://nowhere", "shop://nowhere"])
        #endif
    }
}

/// The diagnostics an owner's hook received.
@MainActor
final class DiagnosticsKept {
    var all: [Diagnostic] = []
}
