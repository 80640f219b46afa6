import BCKitModules
import Testing

@MainActor
@Suite struct NavigatorTests {
    let recorder = Recorder()

    func navigator() throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://goods/detail/:id<Int>", name: "goods.detail",
            to: RouteDestination { request in
                let id = request.parameters.value("id", as: Int.self).map(String.init) ?? "?"
                let note = request.context["note"] as? String ?? "-"
                recorder.record("detail \(id) \(note)")
                request.complete(with: "shown \(id)")
            })
        return try Navigator(
            router: builder.build(),
            webHandler: { recorder.record("web \($0.url)") },
            unmatchedHandler: { recorder.record("unmatched \($0.url)") }
        )
    }

    @Test func handlersGetTypedAndComplexParametersAndTheCompletion() throws {
        let navigator = try navigator()
        let outcome = try navigator.open("shop://goods/detail/42", context: ["note": "gift"]) { [recorder] result in
            recorder.record("completed \(result)")
        }
        #expect(outcome == .opened("goods.detail"))
        #expect(recorder.entries == ["detail 42 gift", "completed shown 42"])
    }

    @Test func webAndUnmatchedURLsGoToTheirHandlers() throws {
        let navigator = try navigator()
        #expect(try navigator.open("https://example.com/help?q=1") == .web)
        #expect(try navigator.open("http://example.com") == .web)
        #expect(try navigator.open("shop://goods/detail/abc") == .unmatched)
        #expect(try navigator.open("shop://nowhere") == .unmatched)
        #expect(
            recorder.entries == [
                "web https://example.com/help?q=1", "web http://example.com",
                "unmatched shop://goods/detail/abc", "unmatched shop://nowhere",
            ])
    }

    @Test func malformedURLsThrowAndRunNoHandler() throws {
        let navigator = try navigator()
        #expect(throws: RouteError.invalidPercentEscape("shop://goods/detail/%4")) {
            try navigator.open("shop://goods/detail/%4")
        }
        #expect(recorder.entries.isEmpty)
    }

    @Test func aRouteNamingAnUnknownGuardIsRefused() throws {
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("shop://cart", to: RouteDestination(guards: ["signedIn"]) { _ in })
        #expect(throws: RouteError.unknownGuard("shop://cart", guardName: "signedIn")) {
            try Navigator(router: builder.build())
        }
    }
}
