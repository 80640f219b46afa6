import BCKit
import BCKitModules
import Foundation
import Testing

/// Random routers checked against a reference matcher written from the documented precedence
/// alone, without the trie: at each segment a static segment, then `Bool`, `Int`, `Double`,
/// `UUID`, then an untyped parameter, then a catch-all; the route chosen is the first in that
/// order, segment by segment, that matches (and, through a navigator, does not decline). The
/// routers are dense with choice points, so the lookup's dead-end memo is exercised hard.
@MainActor
@Suite struct RoutePrecedenceReferenceTests {
    /// One segment of a generated pattern, with its precedence rank at its position.
    enum Token {
        case literal(String)
        case typed(String)
        case untyped
        case catchAll

        /// The pattern text for the token, the parameter named after its position.
        func text(at position: Int) -> String {
            switch self {
            case .literal(let text): text
            case .typed(let type): ":p\(position)<\(type)>"
            case .untyped: ":p\(position)"
            case .catchAll: "*rest"
            }
        }

        /// The rank of this token for a segment, or `nil` when it does not take the segment.
        func rank(for segment: String) -> Int? {
            switch self {
            case .literal(let text): text == segment ? 0 : nil
            case .typed("Bool"): Bool(routeText: segment) != nil ? 1 : nil
            case .typed("Int"): Int(routeText: segment) != nil ? 2 : nil
            case .typed("Double"): Double(routeText: segment) != nil ? 3 : nil
            case .typed(_): UUID(routeText: segment) != nil ? 4 : nil
            case .untyped: 5
            case .catchAll: 6
            }
        }
    }

    /// What the reference makes of one route and a URL's segments.
    struct Candidate {
        let name: String
        let key: [Int]
        let values: [String: String]
        let rest: [String]
    }

    static func reference(_ tokens: [Token], name: String, segments: [String]) -> Candidate? {
        var key: [Int] = []
        var values: [String: String] = [:]
        for (position, token) in tokens.enumerated() {
            if case .catchAll = token {
                guard position < segments.count else { return nil }
                let rest = Array(segments[position...])
                values["rest"] = rest.joined(separator: "/")
                return Candidate(name: name, key: key + [6], values: values, rest: rest)
            }
            guard position < segments.count, let rank = token.rank(for: segments[position]) else { return nil }
            key.append(rank)
            if rank > 0 { values["p\(position)"] = segments[position] }
        }
        guard segments.count == tokens.count else { return nil }
        return Candidate(name: name, key: key, values: values, rest: [])
    }

    static let literals = ["a", "b", "1", "new", "分类"]
    static let types = ["Bool", "Int", "Double", "UUID"]
    static let segmentPool = [
        "a", "b", "1", "new", "分类", "42", "-3", "4.5", "1e3", "true", "false", "x", "", "nan",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ]

    static func token(_ random: inout SplitMix) -> Token {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: .literal(literals.randomElement(using: &random)!)
        case 4..<7: .typed(types.randomElement(using: &random)!)
        default: .untyped
        }
    }

    /// Routes named `r0`, `r1`, ... with their tokens; collisions are refused and left out.
    static func routes(_ random: inout SplitMix, count: Int) -> (Router<String>, [String: [Token]]) {
        var builder = RouterBuilder<String>()
        var tokensByName: [String: [Token]] = [:]
        for index in 0..<count {
            var tokens = (0..<Int.random(in: 0...4, using: &random)).map { _ in token(&random) }
            if Int.random(in: 0..<4, using: &random) == 0 { tokens.append(.catchAll) }
            let path = tokens.enumerated().map { "/" + $0.element.text(at: $0.offset) }.joined()
            let name = "r\(index)"
            guard (try? builder.register("shop://h" + path, name: name, to: name)) != nil else { continue }
            tokensByName[name] = tokens
        }
        return (builder.build(), tokensByName)
    }

    /// A URL of random segments, each raw or percent-encoded, empty ones included.
    static func url(_ random: inout SplitMix) -> (text: String, segments: [String]) {
        let segments = (0..<Int.random(in: 0...5, using: &random)).map { _ in segmentPool.randomElement(using: &random)!
        }
        let encoded = segments.map { segment in
            Bool.random(using: &random)
                ? segment : segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? segment
        }
        return ("shop://h" + encoded.map { "/" + $0 }.joined(), segments.filter { !$0.isEmpty })
    }

    static func best(_ candidates: [Candidate]) -> Candidate? {
        candidates.min { $0.key.lexicographicallyPrecedes($1.key) }
    }

    @Test(arguments: 1...12)
    func theRouterPicksWhatTheReferenceOrderPicks(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let (router, tokensByName) = Self.routes(&random, count: 60)
        for _ in 0..<200 {
            let (text, segments) = Self.url(&random)
            let expected = Self.best(
                tokensByName.compactMap { Self.reference($0.value, name: $0.key, segments: segments) })
            let match = try router.match(text)
            #expect(match?.route.name == expected?.name, "seed \(seed): \(text)")
            #expect(match?.parameters.values == expected?.values, "seed \(seed): \(text)")
            #expect(match?.parameters.rest ?? [] == expected?.rest ?? [], "seed \(seed): \(text)")
        }
    }

    @Test(arguments: 1...6)
    func aNavigatorWhoseHandlersDeclineOpensWhatTheReferenceOrderPicksAmongTheRest(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let (plain, tokensByName) = Self.routes(&random, count: 60)
        // Drawn in registration order: a dictionary's order changes from run to run, a seed's must not.
        let declining = Set(plain.routes.map(\.name).filter { _ in Int.random(in: 0..<3, using: &random) == 0 })
        var builder = RouterBuilder<RouteDestination>()
        let opened = Recorder()
        for route in plain.routes {
            let name = route.name
            try builder.register(
                route.pattern, name: name,
                to: RouteDestination(
                    accepts: { _ in !declining.contains(name) },
                    handler: { request in
                        opened.record(
                            "\(request.routeName ?? "-") \(request.parameters.values.sorted { $0.key < $1.key })")
                    }))
        }
        let navigator = try Navigator(router: builder.build())
        // URLs no route matches are the point here, not a mistake to report.
        let quiet = Owner()
        quiet.onDiagnostic = { _ in }
        navigator.diagnosticOwner = quiet
        for _ in 0..<200 {
            let (text, segments) = Self.url(&random)
            let expected = Self.best(
                tokensByName.filter { !declining.contains($0.key) }.compactMap {
                    Self.reference($0.value, name: $0.key, segments: segments)
                })
            // With no route left to accept, the most specific match is the first that declined.
            let declinedBy = Self.best(
                tokensByName.compactMap { Self.reference($0.value, name: $0.key, segments: segments) })
            opened.entries.removeAll()
            let outcome = try navigator.open(text)
            let outcomeExpected: NavigationOutcome =
                expected.map { .opened($0.name) } ?? declinedBy.map { .declined(by: $0.name) } ?? .unmatched
            #expect(outcome == outcomeExpected, "seed \(seed): \(text)")
            let entry = expected.map { "\($0.name) \($0.values.sorted { $0.key < $1.key })" }
            #expect(opened.entries == (entry.map { [$0] } ?? []), "seed \(seed): \(text)")
        }
        withExtendedLifetime(quiet) {}
    }
}
