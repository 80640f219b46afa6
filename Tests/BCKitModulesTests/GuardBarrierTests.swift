import BCKit
import BCKitModules
import Testing

/// Route guards built on an app's `Barrier`: navigations and actions wait by one rule, and
/// signing in once lets both through.
@MainActor
@Suite struct GuardBarrierTests {
    let recorder = Recorder()

    /// A navigator whose `shop://cart/add/:id` waits on `signedIn`, built on `barrier`.
    func navigator(on barrier: Barrier<String>) throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://cart/add/:id<Int>", name: "cart.add",
            to: RouteDestination(guards: ["signedIn"]) { recorder.record("add \($0.parameters["id"] ?? "?")") })
        return try Navigator(router: builder.build(), guards: [RouteGuard(name: "signedIn", barrier: barrier)])
    }

    // MARK: - Re-entrant and nested

    /// A held navigation and an action wait in one round: the barrier's `whenNeeded` runs once,
    /// for whichever came first, and overcoming it lets both go on, in the order they waited.
    @Test func aNavigationAndAnActionShareOneRoundAndGoOnInArrivalOrder() async throws {
        let recorder = recorder
        let barrier = Barrier<String>("signedIn") { _ in recorder.record("login opens") }
        let navigator = try navigator(on: barrier)
        let owner = Owner()
        let action = Action()
        try owner.attach(action)

        #expect(try navigator.open("shop://cart/add/1") == .held(by: "signedIn"))
        let task = action.task { context in
            let user = try? await context.wait(for: barrier)
            recorder.record("action \(user ?? "dropped")")
        }
        await turns { barrier.waiterCount == 2 }
        barrier.overcome(with: "ada")
        await task.value

        #expect(recorder.entries == ["login opens", "add 1", "action ada"])
        #expect(navigator.waitingNavigations(for: "signedIn").isEmpty)
    }

    /// Cancelling the barrier drops the held navigation (its completion hears it) and the action.
    @Test func cancellingTheBarrierDropsTheNavigationAndTheAction() async throws {
        let recorder = recorder
        let barrier = Barrier<String>("signedIn")
        let navigator = try navigator(on: barrier)
        let owner = Owner()
        let action = Action()
        try owner.attach(action)
        try navigator.open("shop://cart/add/1") { result in
            recorder.record("completion \((result as? NavigationCancellation)?.guardName ?? "?")")
        }
        let task = action.task { context in
            do throws(BarrierCancellation) {
                _ = try await context.wait(for: barrier)
            } catch {
                recorder.record("action \(error.isAbandoned ? "abandoned" : "cancelled")")
            }
        }
        await turns { barrier.waiterCount == 2 }

        #expect(navigator.guardDidCancel("signedIn") == ["shop://cart/add/1"])
        await task.value

        #expect(recorder.entries == ["completion signedIn", "action cancelled"])
    }

    /// A navigator let go while a navigation waits on an app's barrier drops the navigation and
    /// takes its wait out of the barrier's queue at once: a navigator made in its place, or an
    /// action, waiting next starts a new round, so the sign-in is asked for again.
    @Test func aNavigatorLetGoLeavesNoWaitInTheAppsBarrier() async throws {
        let recorder = recorder
        let barrier = Barrier<String>("signedIn") { _ in recorder.record("login opens") }
        var navigator: Navigator? = try navigator(on: barrier)
        try navigator?.open("shop://cart/add/1") { result in
            recorder.record("completion \((result as? NavigationCancellation)?.guardName ?? "?")")
        }
        navigator = try self.navigator(on: barrier)
        #expect(barrier.waiterCount == 0)
        #expect(recorder.entries == ["login opens", "completion signedIn"])

        #expect(try navigator?.open("shop://cart/add/2") == .held(by: "signedIn"))
        let owner = Owner()
        let action = Action()
        try owner.attach(action)
        let task = action.task { context in
            let user = try? await context.wait(for: barrier)
            recorder.record("action \(user ?? "dropped")")
        }
        await turns { barrier.waiterCount == 2 }
        #expect(recorder.entries == ["login opens", "completion signedIn", "login opens"])
        barrier.overcome(with: "ada")
        await task.value
        #expect(recorder.entries == ["login opens", "completion signedIn", "login opens", "add 2", "action ada"])
    }

    /// The barrier's `whenNeeded` overcoming it at once (a stored token) resumes the navigation
    /// before `open` returns, which still says it was held.
    @Test func aBarrierOvercomeByItsOwnWhenNeededResumesTheNavigationAtOnce() throws {
        let barrier = Barrier<String>("signedIn") { $0.overcome(with: "token") }
        let navigator = try navigator(on: barrier)
        #expect(try navigator.open("shop://cart/add/2") == .held(by: "signedIn"))
        #expect(recorder.entries == ["add 2"])
        #expect(try navigator.open("shop://cart/add/3") == .opened("cart.add"))
    }

    /// A guard on an app's barrier is met only once the barrier is overcome, which resumes every
    /// navigation held on it: a later navigation waits behind the held ones, unreported.
    @Test func aNavigationWaitsBehindThoseHeldOnAnAppsBarrierUnreported() throws {
        let recorder = recorder
        let barrier = Barrier<String>("signedIn") { _ in recorder.record("login opens") }
        let navigator = try navigator(on: barrier)
        let owner = Owner(name: "App")
        let kept = DiagnosticsKept()
        owner.onDiagnostic = { kept.all.append($0) }
        navigator.diagnosticOwner = owner

        #expect(try navigator.open("shop://cart/add/1") == .held(by: "signedIn"))
        #expect(try navigator.open("shop://cart/add/2") == .held(by: "signedIn"))
        barrier.overcome(with: "ada")

        #expect(recorder.entries == ["login opens", "add 1", "add 2"])
        #expect(kept.all.isEmpty)
        #expect(navigator.diagnosticOwner === owner)  // the owner heard all there was
    }

    // MARK: - The rule

    @Test func anOvercomeBarrierLetsTheNavigationThrough() throws {
        let navigator = try navigator(on: Barrier("signedIn", overcomeWith: "ada"))
        #expect(try navigator.open("shop://cart/add/1") == .opened("cart.add"))
    }

    /// `guardDidSucceed` overcomes a barrier that carries no value, resuming every waiter.
    @Test func guardDidSucceedOvercomesAVoidBarrier() throws {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://terms/print", name: "print",
            to: RouteDestination(guards: ["terms"]) { _ in recorder.record("print") })
        let terms = Barrier<Void>("terms")
        let navigator = try Navigator(router: builder.build(), guards: [RouteGuard(name: "terms", barrier: terms)])
        #expect(try navigator.open("shop://terms/print") == .held(by: "terms"))
        #expect(navigator.guardDidSucceed("terms") == [.opened("print")])
        #expect(terms.isOvercome)
        #expect(recorder.entries == ["print"])
    }

    /// A guard built on a barrier has no URL: its barrier says what overcomes it.
    @Test func aGuardOnABarrierHasNoURLAndIsSatisfiedWhileItIsOvercome() {
        let barrier = Barrier<String>("signedIn")
        let routeGuard = RouteGuard(name: "signedIn", barrier: barrier)
        #expect(routeGuard.url == nil)
        #expect(!routeGuard.isSatisfied())
        barrier.overcome(with: "ada")
        #expect(routeGuard.isSatisfied())
    }

    @Test func guardDidSucceedOnABarrierWithAValueStopsWithAMessageNamingTheGuard() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let guards = [RouteGuard(name: "signedIn", barrier: Barrier<String>("signedIn"))]
                let navigator = try? Navigator(router: RouterBuilder<RouteDestination>().build(), guards: guards)
                navigator?.guardDidSucceed("signedIn")
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("guard 'signedIn' is built on a Barrier<String>"))
        }
    }

    /// A guard on a condition the navigator asks keeps its old rule on the barrier it makes: a
    /// navigation held after a success, while the condition says no again, starts a new round.
    @Test func aConditionGuardStartsANewRoundAfterASuccessWhenTheConditionFailsAgain() throws {
        let recorder = recorder
        let session = Session()
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("shop://login", name: "login", to: RouteDestination { _ in recorder.record("login") })
        try builder.register(
            "shop://cart", name: "cart", to: RouteDestination(guards: ["signedIn"]) { _ in recorder.record("cart") })
        let navigator = try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }])
        try navigator.open("shop://cart")
        session.isSignedIn = true
        navigator.guardDidSucceed("signedIn")
        session.isSignedIn = false
        #expect(try navigator.open("shop://cart") == .held(by: "signedIn"))
        #expect(recorder.entries == ["login", "cart", "login"])
    }
}
