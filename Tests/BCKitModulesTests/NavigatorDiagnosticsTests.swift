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

    // MARK: - Refused navigations

    /// The one route of ``tripNavigator(reportingTo:)``; read by the arguments, off the main actor.
    nonisolated static let trip = "app://trip?id=:Int"

    /// A navigator whose one route needs an `Int` query parameter, reporting to `owner`.
    func tripNavigator(reportingTo owner: Owner) throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(Self.trip, name: "trip", to: RouteDestination { _ in recorder.record("trip") })
        let navigator = try Navigator(router: builder.build())
        navigator.diagnosticOwner = owner
        return navigator
    }

    /// A URL the router refuses answers `declined`, which a controller may discard: the report
    /// says what is wrong and what to write, unlike an unknown route's.
    @Test(arguments: [
        ("app://trip", RouteError.missingQueryParameter(trip, name: "id")),
        ("app://trip?tripId=7", .missingQueryParameter(trip, name: "id")),
        ("app://trip?id=T1", .invalidParameterValue(trip, name: "id", value: "T1", type: "Int")),
    ])
    func aNavigationTheRouterRefusesIsReportedWithTheRefusal(url: String, refusal: RouteError) throws {
        let (owner, kept) = owner()
        let navigator = try tripNavigator(reportingTo: owner)
        #expect(navigator.navigate(to: url) == .declined(refusal.description))
        #expect(recorder.entries.isEmpty)
        #if DEBUG
            #expect(kept.all.map(\.cause) == [.refusedRoute])
            #expect(kept.all.map(\.message) == ["app://trip"])
            #expect(kept.all.first?.owner == "App")
            #expect(kept.all.first?.hint.contains(url) == true)
            #expect(kept.all.first?.hint.contains(refusal.description) == true)
        #else
            #expect(kept.all.isEmpty)
        #endif
    }

    /// As an unknown route is: once per navigator per scheme and host, and a URL that does not
    /// parse, which has none, by its own text.
    @Test func aRefusedNavigationIsReportedOncePerSchemeAndHost() throws {
        let (owner, kept) = owner()
        let navigator = try tripNavigator(reportingTo: owner)
        for url in ["app://trip", "app://trip?id=T1", "app://trip/%zz", "app://trip/%zz", "trip", "trip"] {
            #expect("\(navigator.navigate(to: url))".hasPrefix("declined: "))
        }
        #expect(try navigator.open("app://trip?id=7") == .opened("trip"))
        #if DEBUG
            #expect(kept.all.map(\.cause) == [.refusedRoute, .refusedRoute, .refusedRoute])
            #expect(kept.all.map(\.message) == ["app://trip", "app://trip/%zz", "trip"])
        #else
            #expect(kept.all.isEmpty)
        #endif
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
