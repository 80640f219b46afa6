import BCKit
import BCKitModules
import Testing

/// Holds a navigator for handlers registered before it exists.
@MainActor
final class NavigatorSlot {
    weak var navigator: Navigator?
}

@MainActor
final class Session {
    var isSignedIn = false
    var isVerified = true
}

@MainActor
@Suite struct RouteGuardTests {
    let recorder = Recorder()
    let session = Session()
    let diagnosticOwner = Owner(name: "App")

    func navigator() throws -> Navigator {
        let recorder = recorder
        let session = session
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("shop://login", name: "login", to: RouteDestination { _ in recorder.record("login") })
        try builder.register("shop://verify", name: "verify", to: RouteDestination { _ in recorder.record("verify") })
        try builder.register(
            "shop://cart/add/:id<Int>", name: "cart.add",
            to: RouteDestination(guards: ["signedIn"]) {
                recorder.record("add \($0.parameters["id"] ?? "?")")
            })
        try builder.register(
            "shop://checkout", name: "checkout",
            to: RouteDestination(guards: ["signedIn", "verified"]) { _ in recorder.record("checkout") })
        return try Navigator(
            router: builder.build(),
            guards: [
                RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn },
                RouteGuard(name: "verified", url: "shop://verify") { session.isVerified },
            ]
        )
    }

    @Test(arguments: [
        ("signedIn", "shop://login", "signedIn", "shop://login", RouteError.duplicateGuard("signedIn")),
        ("signedIn", "login", "verified", "shop://verify", RouteError.missingScheme("login")),
        (
            "signedIn", "shop://login", "verified", "shop://verify/%zz",
            RouteError.invalidPercentEscape("shop://verify/%zz")
        ),
    ])
    func guardsSharingANameOrWithAMalformedURLAreRefused(
        first: String, firstURL: String, second: String, secondURL: String, error: RouteError
    ) {
        let guards = [
            RouteGuard(name: first, url: firstURL) { true }, RouteGuard(name: second, url: secondURL) { true },
        ]
        #expect(throws: error) { try Navigator(router: RouterBuilder<RouteDestination>().build(), guards: guards) }
    }

    @Test func navigationsStillHeldWhenTheNavigatorGoesAreDroppedNotLeftWaiting() async throws {
        var navigator: Navigator? = try self.navigator()
        let recorder = recorder
        try navigator?.open("shop://cart/add/7") { result in
            if let cancellation = result as? NavigationCancellation {
                recorder.record("dropped \(cancellation.url) by \(cancellation.guardName)")
            }
        }
        let pending = try #require(navigator?.navigate(to: "shop://checkout").pending)
        recorder.entries.removeAll()

        navigator = nil
        // The drops run on the main actor just after the release; bounded, so a regression fails.
        for _ in 0..<1_000 where !pending.isOvercome { await Task.yield() }

        #expect(recorder.entries == ["dropped shop://cart/add/7 by signedIn"])
        #expect(pending.value == .dropped(by: "signedIn"))
    }

    @Test func aGuardWhoseURLNeedsTheGuardItselfIsRefused() throws {
        var builder = RouterBuilder<RouteDestination>()
        // Every route of the module marked signedIn, the login screen's included.
        try builder.register("shop://login", to: RouteDestination(guards: ["signedIn"]) { _ in })
        try builder.register("shop://cart", to: RouteDestination(guards: ["signedIn"]) { _ in })
        let router = builder.build()
        #expect(throws: RouteError.guardWaitsOnItself(["signedIn"], through: ["shop://login"])) {
            try Navigator(router: router, guards: [RouteGuard(name: "signedIn", url: "shop://login") { false }])
        }
    }

    @Test func guardsWhoseURLsNeedEachOtherAreRefusedNamingTheCycle() throws {
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("shop://login", to: RouteDestination(guards: ["online"]) { _ in })
        try builder.register("shop://offline", to: RouteDestination(guards: ["signedIn"]) { _ in })
        try builder.register("shop://about", to: RouteDestination { _ in })
        let router = builder.build()
        let error = #expect(throws: RouteError.self) {
            try Navigator(
                router: router,
                guards: [
                    RouteGuard(name: "signedIn", url: "shop://login") { false },
                    RouteGuard(name: "online", url: "shop://offline") { false },
                    RouteGuard(name: "agreed", url: "shop://about") { false },
                ])
        }
        #expect(error == .guardWaitsOnItself(["online", "signedIn"], through: ["shop://offline", "shop://login"]))
        #expect(error?.description.contains("'signedIn' opens shop://login, whose route needs 'online'") == true)
    }

    /// A guard's URL that its route refuses would fail only when a navigation first waits on the
    /// guard: the login screen would never open, and the navigation would wait for ever.
    @Test(arguments: [
        (
            "shop://login?next=:String", "shop://login",
            RouteError.missingQueryParameter("shop://login?next=:String", name: "next")
        ),
        (
            "shop://login?attempt=:Int", "shop://login?attempt=first",
            RouteError.invalidParameterValue("shop://login?attempt=:Int", name: "attempt", value: "first", type: "Int")
        ),
    ])
    func aGuardWhoseURLItsRouteRefusesIsRefused(pattern: String, url: String, error: RouteError) throws {
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(pattern, to: RouteDestination { _ in })
        try builder.register("shop://cart", to: RouteDestination(guards: ["signedIn"]) { _ in })
        let router = builder.build()
        #expect(throws: error) {
            try Navigator(router: router, guards: [RouteGuard(name: "signedIn", url: url) { false }])
        }
    }

    /// A route that declines at run time can hand the guard's URL to one that refuses it; the
    /// failure is reported rather than lost, and the navigation still waits on the guard.
    @Test func aGuardURLThatFailsToOpenWhenARoundStartsIsReported() throws {
        var builder = RouterBuilder<RouteDestination>()
        let recorder = recorder
        try builder.register("shop://auth/login", to: RouteDestination(accepts: { _ in false }) { _ in })
        try builder.register("shop://auth/:page?next=:String", to: RouteDestination { _ in })
        try builder.register(
            "shop://cart", to: RouteDestination(guards: ["signedIn"]) { _ in recorder.record("cart") })
        let navigator = try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", url: "shop://auth/login") { false }])
        let kept = DiagnosticsKept()
        diagnosticOwner.onDiagnostic = { kept.all.append($0) }
        navigator.diagnosticOwner = diagnosticOwner
        #expect(try navigator.open("shop://cart") == .held(by: "signedIn"))
        #expect(kept.all.map(\.cause) == [.unopenedGuardURL])
        #expect(kept.all.first?.message == "signedIn")
        #expect(kept.all.first?.owner == "App")
        let refusal = RouteError.missingQueryParameter("shop://auth/:page?next=:String", name: "next")
        #expect(kept.all.first?.hint.contains("opened shop://auth/login to start a round of waiting") == true)
        #expect(kept.all.first?.hint.contains("which failed: \(refusal)") == true)
        #expect(navigator.guardDidSucceed("signedIn") == [.opened("shop://cart")])
        #expect(recorder.entries == ["cart"])
    }

    @Test func aGuardWhoseURLMatchesNoRouteStillHoldsItsNavigations() throws {
        var builder = RouterBuilder<RouteDestination>()
        let recorder = recorder
        try builder.register(
            "shop://cart", to: RouteDestination(guards: ["signedIn"]) { _ in recorder.record("cart") })
        let navigator = try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", url: "shop://nowhere") { false }])
        let owner = Owner(name: "App")
        let kept = DiagnosticsKept()
        owner.onDiagnostic = { kept.all.append($0) }
        navigator.diagnosticOwner = owner
        #expect(try navigator.open("shop://cart") == .held(by: "signedIn"))
        #expect(navigator.guardDidSucceed("signedIn") == [.opened("shop://cart")])
        #expect(recorder.entries == ["cart"])
        #if DEBUG  // what did nothing is still said
            #expect(kept.all.map(\.message) == ["shop://nowhere"])
        #endif
    }

    @Test func reportingSuccessOfAnUnknownGuardStopsWithADiagnosticNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let navigator = try? Navigator(router: RouterBuilder<RouteDestination>().build())
                navigator?.guardDidSucceed("signedin")
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("guardDidSucceed names unknown guard 'signedin'"))
        }
    }

    @Test func reportingCancelOfAnUnknownGuardStopsWithADiagnosticNamingIt() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let navigator = try? Navigator(router: RouterBuilder<RouteDestination>().build())
                navigator?.guardDidCancel("signedin")
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("guardDidCancel names unknown guard 'signedin'"))
        }
    }

    @Test func aGuardRouteThatSucceedsAtOnceResumesTheNavigationBeforeOpenReturns() throws {
        let recorder = recorder
        let session = session
        var builder = RouterBuilder<RouteDestination>()
        // Filled once the navigator exists; the login handler signs in from a stored token.
        let slot = NavigatorSlot()
        try builder.register(
            "shop://login",
            to: RouteDestination { _ in
                recorder.record("login")
                session.isSignedIn = true
                recorder.record("resumed \(slot.navigator?.guardDidSucceed("signedIn") ?? [])")
            })
        try builder.register(
            "shop://cart", to: RouteDestination(guards: ["signedIn"]) { _ in recorder.record("cart") })
        let navigator = try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }])
        slot.navigator = navigator
        #expect(try navigator.open("shop://cart") == .held(by: "signedIn"))
        #expect(recorder.entries == ["login", "cart", "resumed [opened shop://cart]"])
        #expect(navigator.waitingNavigations(for: "signedIn") == [])
    }

    @Test func aSatisfiedGuardLetsTheNavigationThrough() throws {
        session.isSignedIn = true
        let navigator = try navigator()
        #expect(try navigator.open("shop://cart/add/1") == .opened("cart.add"))
        #expect(recorder.entries == ["add 1"])
    }

    @Test func anUnmetGuardOpensItsRouteAndResumesTheNavigationOnSuccess() throws {
        let navigator = try navigator()
        #expect(try navigator.open("shop://cart/add/42") == .held(by: "signedIn"))
        #expect(recorder.entries == ["login"])
        #expect(navigator.waitingNavigations(for: "signedIn") == ["shop://cart/add/42"])
        session.isSignedIn = true
        #expect(navigator.guardDidSucceed("signedIn") == [.opened("cart.add")])
        #expect(recorder.entries == ["login", "add 42"])
        #expect(navigator.waitingNavigations(for: "signedIn").isEmpty)
    }

    @Test func aCancelledGuardDropsTheNavigationAndTellsItsCompletion() throws {
        let navigator = try navigator()
        try navigator.open("shop://cart/add/42") { [recorder] result in
            let cancellation = result as? NavigationCancellation
            recorder.record("completion \(cancellation?.guardName ?? "?") \(cancellation?.url ?? "?")")
        }
        #expect(navigator.guardDidCancel("signedIn") == ["shop://cart/add/42"])
        session.isSignedIn = true
        #expect(navigator.guardDidSucceed("signedIn").isEmpty)
        #expect(recorder.entries == ["login", "completion signedIn shop://cart/add/42"])
    }

    @Test func severalWaitersOpenTheGuardOnceAndResumeInArrivalOrder() throws {
        let navigator = try navigator()
        let outcomes = try ["shop://cart/add/1", "shop://cart/add/2", "shop://cart/add/3"].map {
            try navigator.open($0)
        }
        #expect(outcomes == Array(repeating: .held(by: "signedIn"), count: 3))
        #expect(recorder.entries == ["login"])
        session.isSignedIn = true
        #expect(navigator.guardDidSucceed("signedIn") == Array(repeating: .opened("cart.add"), count: 3))
        #expect(recorder.entries == ["login", "add 1", "add 2", "add 3"])
    }

    @Test func severalWaitersAreAllDroppedInArrivalOrderAndTheNextRoundOpensTheGuardAgain() throws {
        let navigator = try navigator()
        try navigator.open("shop://cart/add/1")
        try navigator.open("shop://cart/add/2")
        #expect(navigator.guardDidCancel("signedIn") == ["shop://cart/add/1", "shop://cart/add/2"])
        try navigator.open("shop://cart/add/3")
        #expect(recorder.entries == ["login", "login"])
        #expect(navigator.waitingNavigations(for: "signedIn") == ["shop://cart/add/3"])
    }

    /// Sets the navigator's diagnostic owner to one whose diagnostics the test keeps; the suite
    /// holds the owner, since the navigator holds it weakly.
    func diagnosed(_ navigator: Navigator) -> DiagnosticsKept {
        let kept = DiagnosticsKept()
        diagnosticOwner.onDiagnostic = { kept.all.append($0) }
        navigator.diagnosticOwner = diagnosticOwner
        return kept
    }

    /// The app signed in but forgot `guardDidSucceed`: a later navigation waits behind the held
    /// one instead of opening first, and the success resumes both in arrival order.
    @Test func aNavigationDoesNotOvertakeThoseHeldOnAGuardWhoseConditionNowHolds() throws {
        let navigator = try navigator()
        #expect(try navigator.open("shop://cart/add/1") == .held(by: "signedIn"))
        session.isSignedIn = true
        #expect(try navigator.open("shop://cart/add/2") == .held(by: "signedIn"))
        #expect(recorder.entries == ["login"])
        #expect(navigator.waitingNavigations(for: "signedIn") == ["shop://cart/add/1", "shop://cart/add/2"])
        #expect(navigator.guardDidSucceed("signedIn") == [.opened("cart.add"), .opened("cart.add")])
        #expect(recorder.entries == ["login", "add 1", "add 2"])
    }

    @Test func aNavigationHeldBehindOthersOnAGuardIsDroppedWithThem() throws {
        let navigator = try navigator()
        try navigator.open("shop://cart/add/1")
        session.isSignedIn = true
        try navigator.open("shop://cart/add/2")
        #expect(navigator.guardDidCancel("signedIn") == ["shop://cart/add/1", "shop://cart/add/2"])
        #expect(recorder.entries == ["login"])
    }

    /// Reported once per round of waiting, naming the guard; the next round may report it again.
    @Test func navigationsHeldOnAGuardWhoseConditionHoldsAreReportedOncePerRound() throws {
        let navigator = try navigator()
        let kept = diagnosed(navigator)
        try navigator.open("shop://cart/add/1")
        session.isSignedIn = true
        try navigator.open("shop://cart/add/2")
        try navigator.open("shop://cart/add/3")
        #if DEBUG
            #expect(kept.all.map(\.cause) == [.unreportedGuardSuccess])
            #expect(kept.all.map(\.message) == ["signedIn"])
            #expect(kept.all.first?.owner == "App")
            #expect(kept.all.first?.hint.contains("guard 'signedIn'") == true)
            #expect(kept.all.first?.hint.contains(#"guardDidSucceed("signedIn")"#) == true)
        #else
            #expect(kept.all.isEmpty)
        #endif

        navigator.guardDidSucceed("signedIn")
        session.isSignedIn = false
        try navigator.open("shop://cart/add/4")
        session.isSignedIn = true
        try navigator.open("shop://cart/add/5")
        #if DEBUG
            #expect(kept.all.map(\.message) == ["signedIn", "signedIn"])
        #endif
    }

    @Test func navigationsHeldOnAGuardWhoseConditionFailsAreNotReported() throws {
        let navigator = try navigator()
        let kept = diagnosed(navigator)
        #expect(try navigator.open("shop://cart/add/1") == .held(by: "signedIn"))
        #expect(try navigator.open("shop://cart/add/2") == .held(by: "signedIn"))
        #expect(kept.all.isEmpty)
    }

    /// Nobody waits once a success resumed the round: a met condition lets the next one through.
    @Test func aGuardWithNobodyWaitingAndItsConditionMetOpensAtOnceUnreported() throws {
        let navigator = try navigator()
        let kept = diagnosed(navigator)
        try navigator.open("shop://cart/add/1")
        session.isSignedIn = true
        navigator.guardDidSucceed("signedIn")
        #expect(try navigator.open("shop://cart/add/2") == .opened("cart.add"))
        #expect(recorder.entries == ["login", "add 1", "add 2"])
        #expect(kept.all.isEmpty)
    }

    /// A held navigation's handler that opens another while the success resumes the rest: the
    /// success was reported, so nothing is.
    @Test func aNavigationOpenedWhileASuccessResumesTheHeldOnesIsNotReported() throws {
        let recorder = recorder
        let session = session
        let slot = NavigatorSlot()
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("shop://login", name: "login", to: RouteDestination { _ in recorder.record("login") })
        try builder.register(
            "shop://cart", name: "cart",
            to: RouteDestination(guards: ["signedIn"]) { _ in
                recorder.record("cart")
                recorder.record("orders \((try? slot.navigator?.open("shop://orders")).map { "\($0)" } ?? "?")")
            })
        try builder.register(
            "shop://orders", name: "orders",
            to: RouteDestination(guards: ["signedIn"]) { _ in recorder.record("orders") })
        let navigator = try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }])
        slot.navigator = navigator
        let kept = diagnosed(navigator)
        try navigator.open("shop://cart")
        try navigator.open("shop://orders")
        session.isSignedIn = true
        navigator.guardDidSucceed("signedIn")
        #expect(recorder.entries.first == "login")
        #expect(recorder.entries.contains("orders opened orders"))
        #expect(kept.all.isEmpty)
    }

    @Test func aResumedNavigationContinuesWithTheRoutesNextGuard() throws {
        session.isVerified = false
        let navigator = try navigator()
        #expect(try navigator.open("shop://checkout") == .held(by: "signedIn"))
        session.isSignedIn = true
        #expect(navigator.guardDidSucceed("signedIn") == [.held(by: "verified")])
        session.isVerified = true
        #expect(navigator.guardDidSucceed("verified") == [.opened("checkout")])
        #expect(recorder.entries == ["login", "verify", "checkout"])
    }
}
