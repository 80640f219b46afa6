import BCKitModules

/// One ``RouteSet`` registered in the kit's router, in routing-kit's `TrieRouter` and in a
/// ``LinearRouter``, with runners that look up the set's URLs and count only the lookups that
/// found the expected route.
@MainActor
final class RouteWorld {
    let routes: RouteSet
    let tally = Tally()
    let router: BCKitModules.Router<Int>
    let linear: LinearRouter
    let routingKit: RoutingKitRoutes

    init(count: Int) {
        routes = RouteSet(count: count)
        router = Self.build(routes.patterns)
        linear = LinearRouter(patterns: routes.patterns)
        routingKit = RoutingKitRoutes(patterns: routes.routingKitPatterns)
    }

    static func build(_ patterns: [String]) -> BCKitModules.Router<Int> {
        var builder = RouterBuilder<Int>()
        for (index, pattern) in patterns.enumerated() {
            do {
                try builder.register(pattern, to: index)
            } catch {
                fatalError("\(pattern): \(error)")
            }
        }
        return builder.build()
    }

    private func runner(_ label: String, operations: Int, calls: Int, _ run: @escaping (Int) -> UInt64) -> Runner {
        Runner(label: label, operations: operations, expectedCalls: calls, tally: tally, run: run)
    }

    // MARK: - Lookup

    /// `router.match(url)` on the URL text: parsing, percent-decoding, the trie walk and the
    /// parameters of the match.
    var kitLookup: Runner {
        let router = router
        let urls = routes.urls
        let expected = routes.expected
        let tally = tally
        return runner("kit", operations: urls.count, calls: urls.count) { iterations in
            timeLoop(iterations) {
                for index in urls.indices {
                    if (try? router.match(urls[index]))??.target == expected[index] { tally.bump() }
                }
            }
        }
    }

    /// routing-kit as Vapor drives it: split the URL on `/` into `[String]`, fresh `Parameters`.
    var routingKitLookup: Runner {
        let routingKit = routingKit
        let urls = routes.urls
        let expected = routes.expected
        let tally = tally
        return runner("routing-kit TrieRouter", operations: urls.count, calls: urls.count) { iterations in
            timeLoop(iterations) {
                for index in urls.indices where routingKit.route(urls[index]) == expected[index] {
                    tally.bump()
                }
            }
        }
    }

    var linearLookup: Runner {
        let linear = linear
        let urls = routes.urls
        let expected = routes.expected
        let tally = tally
        return runner("linear scan", operations: urls.count, calls: urls.count) { iterations in
            timeLoop(iterations) {
                for index in urls.indices where linear.match(urls[index]) == expected[index] {
                    tally.bump()
                }
            }
        }
    }

    // MARK: - Registration

    /// Registers every route into a new builder and builds the router; per route. The last
    /// route is looked up afterwards, so the build cannot be skipped.
    var kitRegistration: Runner {
        let patterns = routes.patterns
        let last = routes.urls.last!
        let lastRoute = routes.expected.last!
        let tally = tally
        return runner("kit", operations: patterns.count, calls: 1) { iterations in
            timeLoop(iterations) {
                if (try? Self.build(patterns).match(last))??.target == lastRoute { tally.bump() }
            }
        }
    }

    var routingKitRegistration: Runner {
        let patterns = routes.routingKitPatterns
        let last = routes.urls.last!
        let lastRoute = routes.expected.last!
        let tally = tally
        return runner("routing-kit TrieRouter", operations: patterns.count, calls: 1) { iterations in
            timeLoop(iterations) {
                if RoutingKitRoutes(patterns: patterns).route(last) == lastRoute { tally.bump() }
            }
        }
    }

    var runnersByName: [String: Runner] {
        [
            "route-kit": kitLookup, "route-routingkit": routingKitLookup, "route-linear": linearLookup,
            "register-kit": kitRegistration, "register-routingkit": routingKitRegistration,
        ]
    }
}
