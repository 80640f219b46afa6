import RoutingKit

/// routing-kit's `TrieRouter` over a route set, used the way Vapor uses it: patterns are parsed
/// with `pathComponents`, and a URL is split on `/` into `[String]` (Vapor's `DefaultResponder`
/// does `path.split(separator: "/").map(String.init)`), so `shop:` and the host are the first two
/// components, as the HTTP method is in Vapor.
struct RoutingKitRoutes {
    let router: TrieRouter<Int>

    init(patterns: [String]) {
        router = TrieRouter(Int.self)
        for (index, pattern) in patterns.enumerated() {
            router.register(index, at: pattern.pathComponents)
        }
    }

    /// The route for a URL, with the splitting and the fresh `Parameters` every lookup needs.
    func route(_ url: String) -> Int? {
        var parameters = Parameters()
        return router.route(path: url.split(separator: "/").map(String.init), parameters: &parameters)
    }
}
