import BCKitModules

/// The lookup's worst case: at each of 6 levels a segment `1` could take four edges (the
/// literal `1`, `Int`, `Double` and an untyped parameter), 4^6 = 4,096 routes, and a URL of 7
/// segments that matches none of them, so a plain backtracking walk would enter every node.
/// The baseline is the same lookup in a router of 1 route of the same depth.
@MainActor
final class DeadEndWorld {
    /// The target: the dead end at 4,096 routes costs at most this many times the one at 1.
    static let targetRatio = 3.0

    let tally = Tally()
    let wide: BCKitModules.Router<Int>
    let single: BCKitModules.Router<Int>
    let url = "shop://h/1/1/1/1/1/1/1"

    init(levels: Int = 6) {
        wide = Self.build(alternatives: 4, levels: levels)
        single = Self.build(alternatives: 1, levels: levels)
    }

    /// Every route with one of `alternatives` edges at each level (untyped first, so 1 gives a
    /// single all-untyped route).
    static func build(alternatives: Int, levels: Int) -> BCKitModules.Router<Int> {
        var routeCount = 1
        for _ in 0..<levels { routeCount *= alternatives }
        var builder = RouterBuilder<Int>()
        for route in 0..<routeCount {
            var pattern = "shop://h"
            var rest = route
            for level in 0..<levels {
                let edges = [":s\(level)", "1", ":i\(level)<Int>", ":d\(level)<Double>"]
                pattern += "/" + edges[rest % alternatives]
                rest /= alternatives
            }
            do {
                try builder.register(pattern, to: route)
            } catch {
                fatalError("\(pattern): \(error)")
            }
        }
        return builder.build()
    }

    private func runner(_ label: String, _ router: BCKitModules.Router<Int>) -> Runner {
        let url = url
        let tally = tally
        return Runner(label: label, operations: 1, expectedCalls: 1, tally: tally) { iterations in
            timeLoop(iterations) {
                // Counted only when the lookup ends in "no route", not in an error.
                if case .success(nil) = Result(catching: { () throws(RouteError) in try router.match(url) }) {
                    tally.bump()
                }
            }
        }
    }

    /// The dead-end lookup at 4,096 routes.
    var kit: Runner { runner("kit", wide) }

    /// The same lookup at 1 route.
    var oneRoute: Runner { runner("same lookup, 1 route", single) }

    var runnersByName: [String: Runner] { ["deadend-kit": kit, "deadend-one": oneRoute] }
}
