/// N routes in the shape an app's modules declare them, and URLs that hit routes spread over the
/// whole set.
///
/// Every module (host `module<i>`) has ten routes: static paths, typed and untyped parameters,
/// two parameters in one path and a catch-all. routing-kit gets the same routes with untyped
/// parameters (it has no types) and `**` for the catch-all.
struct RouteSet {
    /// One route shape: the kit's path and routing-kit's, a URL path that hits it for module `i`.
    private struct Shape: Sendable {
        let kit: String
        let routingKit: String
        let url: @Sendable (Int) -> String
    }

    private static let shapes = [
        Shape(kit: "home", routingKit: "home") { _ in "home" },
        Shape(kit: "detail/:id<Int>", routingKit: "detail/:id") { "detail/\($0 * 7 + 1)" },
        Shape(kit: "detail/:id<Int>/reviews", routingKit: "detail/:id/reviews") { "detail/\($0 + 42)/reviews" },
        Shape(kit: "list/:category", routingKit: "list/:category") { _ in "list/shoes" },
        Shape(kit: "list/:category/page/:page<Int>", routingKit: "list/:category/page/:page") { _ in
            "list/bags/page/3"
        },
        Shape(kit: "search", routingKit: "search") { _ in "search" },
        Shape(kit: "settings/profile", routingKit: "settings/profile") { _ in "settings/profile" },
        Shape(kit: "settings/notifications", routingKit: "settings/notifications") { _ in "settings/notifications" },
        Shape(kit: "order/:orderId/items/:itemId<Int>", routingKit: "order/:orderId/items/:itemId") {
            "order/A\($0)/items/5"
        },
        Shape(kit: "help/*topic", routingKit: "help/**") { _ in "help/faq/shipping" },
    ]

    /// How many URLs one lookup iteration tries.
    static let lookups = 100

    /// The kit's patterns, route `r` at index `r`.
    let patterns: [String]
    /// The same routes in routing-kit's syntax.
    let routingKitPatterns: [String]
    /// URLs to look up, and the index of the route each must match.
    let urls: [String]
    let expected: [Int]

    init(count: Int) {
        precondition(count % Self.shapes.count == 0 && count >= Self.lookups, "RouteSet: \(count) routes")
        var patterns: [String] = []
        var routingKitPatterns: [String] = []
        for route in 0..<count {
            let module = route / Self.shapes.count
            let shape = Self.shapes[route % Self.shapes.count]
            patterns.append("shop://module\(module)/\(shape.kit)")
            routingKitPatterns.append("shop://module\(module)/\(shape.routingKit)")
        }
        self.patterns = patterns
        self.routingKitPatterns = routingKitPatterns
        // Lookup k hits shape k % 10 of a module spread evenly over the set, so every shape is
        // looked up and, at 10,000 routes, modules from the first to the last.
        var urls: [String] = []
        var expected: [Int] = []
        for lookup in 0..<Self.lookups {
            let module = lookup * count / Self.lookups / Self.shapes.count
            let shape = lookup % Self.shapes.count
            urls.append("shop://module\(module)/\(Self.shapes[shape].url(module))")
            expected.append(module * Self.shapes.count + shape)
        }
        self.urls = urls
        self.expected = expected
    }
}
