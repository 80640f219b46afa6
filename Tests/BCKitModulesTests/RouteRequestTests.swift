import BCKit
import BCKitModules
import Testing

/// A request's completion runs once: a second call stops the program with a message naming the
/// handler, as BCKit's `Reply` does for a second answer.
@MainActor
@Suite struct RouteRequestTests {
    /// A navigator whose `cart.add` route completes its request through `complete`, and whose
    /// unmatched handler does the same.
    static func navigator(complete: @escaping @MainActor @Sendable (RouteRequest) -> Void) throws -> Navigator {
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("shop://cart/add/:id<Int>", name: "cart.add", to: RouteDestination(handler: complete))
        return try Navigator(router: builder.build(), unmatchedHandler: complete)
    }

    @Test func aCompletionCalledOnceReachesTheCallerOnce() throws {
        let results = Recorder()
        let navigator = try Self.navigator { $0.complete(with: "added") }
        try navigator.open("shop://cart/add/42") { results.record("\($0)") }
        #expect(results.entries == ["added"])
    }

    @Test func everyCopyOfARequestSharesItsOneCompletion() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let navigator = try? RouteRequestTests.navigator { request in
                    let kept = request
                    request.complete(with: 1)
                    kept.complete(with: 2)
                }
                _ = try? navigator?.open("shop://cart/add/42") { _ in }
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains("the handler of route 'cart.add' completed the request for shop://cart/add/42 twice"))
            #expect(message.contains("call complete(with:) once per request"))
        }
    }

    @Test func aCallThroughTheCompletionPropertyCountsAsTheFirst() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let navigator = try? RouteRequestTests.navigator { request in
                    request.completion?(1)
                    request.complete(with: 2)
                }
                _ = try? navigator?.open("shop://cart/add/42") { _ in }
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("route 'cart.add' completed the request for shop://cart/add/42 twice"))
        }
    }

    /// The handler's mistake is the same whether or not the caller asked for a result.
    @Test func aSecondCompleteStopsTheProgramEvenWithoutACallersCompletion() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let navigator = try? RouteRequestTests.navigator { request in
                    request.complete(with: 1)
                    request.complete(with: 2)
                }
                _ = try? navigator?.open("shop://nowhere")
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("the web or unmatched handler completed the request for shop://nowhere twice"))
        }
    }

    @Test func completingWithoutACallersCompletionOnceDoesNothing() throws {
        let handled = Recorder()
        let navigator = try Self.navigator { request in
            request.complete(with: "ignored")
            handled.record(request.url)
        }
        #expect(try navigator.open("shop://cart/add/42") == .opened("cart.add"))
        #expect(handled.entries == ["shop://cart/add/42"])
    }
}
