import BCKitModules
import Swinject

/// The service the benchmarks resolve, as a module would declare it.
protocol CartService: AnyObject {
    var itemCount: Int { get }
}

/// A service a module makes anew for every caller.
protocol QuoteService: AnyObject {
    var itemCount: Int { get }
}

/// A service nobody registers.
protocol PaymentService: AnyObject {}

final class CartStore: CartService {
    let itemCount = 1
}

final class QuoteDraft: QuoteService {
    let itemCount = 1
}

/// Ten types, so that `Filler<A, B, C>` spells a thousand distinct service types.
///
/// Each digit opens the next one through a static requirement, so a loop over the ten metatypes
/// reaches a generic function with all three digits as concrete types.
protocol Digit: Sendable {
    static func first<V: FillerVisitor>(_ second: any Digit.Type, _ third: any Digit.Type, _ visitor: inout V)
    static func second<A: Digit, V: FillerVisitor>(_ first: A.Type, _ third: any Digit.Type, _ visitor: inout V)
    static func third<A: Digit, B: Digit, V: FillerVisitor>(_ first: A.Type, _ second: B.Type, _ visitor: inout V)
}

extension Digit {
    static func first<V: FillerVisitor>(_ second: any Digit.Type, _ third: any Digit.Type, _ visitor: inout V) {
        second.second(Self.self, third, &visitor)
    }

    static func second<A: Digit, V: FillerVisitor>(_ first: A.Type, _ third: any Digit.Type, _ visitor: inout V) {
        third.third(first, Self.self, &visitor)
    }

    static func third<A: Digit, B: Digit, V: FillerVisitor>(_ first: A.Type, _ second: B.Type, _ visitor: inout V) {
        visitor.visit(Filler<A, B, Self>.self)
    }
}

enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

/// One of a thousand distinct service types, registered to fill the kit's registry and
/// Swinject's container to a realistic size.
struct Filler<A: Digit, B: Digit, C: Digit>: Sendable {}

/// Receives filler types one by one.
protocol FillerVisitor {
    mutating func visit<A: Digit, B: Digit, C: Digit>(_ filler: Filler<A, B, C>.Type)
}

/// Hands the first `count` filler types (at most 1,000) to a visitor.
func visitFillers<V: FillerVisitor>(_ count: Int, _ visitor: inout V) {
    let digits: [any Digit.Type] = [
        D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
    ]
    precondition(count <= 1000, "at most 1,000 filler types")
    for index in 0..<count {
        digits[index / 100].first(digits[index / 10 % 10], digits[index % 10], &visitor)
    }
}

/// Registers each filler in the kit's builder and in a Swinject container.
private struct FillerRegistrar: FillerVisitor {
    var builder: ServiceRegistryBuilder
    let container: Container

    mutating func visit<A: Digit, B: Digit, C: Digit>(_ filler: Filler<A, B, C>.Type) {
        do {
            try builder.register(filler) { _ in Filler() }
        } catch {
            fatalError("services: \(error)")
        }
        container.register(filler) { _ in Filler() }
    }
}

/// `count` registrations in the kit's registry and in a Swinject container: the cart as a
/// singleton, the quote per call, and fillers up to `count`; the payment service in neither.
@MainActor
final class ServiceWorld {
    let tally = Tally()
    let registry: ServiceRegistry
    let container: Container

    init(count: Int) {
        var registrar = FillerRegistrar(builder: ServiceRegistryBuilder(), container: Container())
        do {
            try registrar.builder.register((any CartService).self) { _ in CartStore() }
            try registrar.builder.register((any QuoteService).self, scope: .perCall) { _ in QuoteDraft() }
        } catch {
            fatalError("services: \(error)")
        }
        registrar.container.register((any CartService).self) { _ in CartStore() }.inObjectScope(.container)
        registrar.container.register((any QuoteService).self) { _ in QuoteDraft() }.inObjectScope(.transient)
        visitFillers(count - 2, &registrar)
        precondition(registrar.builder.count == count, "services: \(registrar.builder.count) registrations")
        registry = registrar.builder.build()
        container = registrar.container
    }

    private func runner(_ label: String, _ run: @escaping (Int) -> UInt64) -> Runner {
        Runner(label: label, operations: 1, expectedCalls: 1, tally: tally, run: run)
    }

    // MARK: - Singleton

    var kitSingleton: Runner {
        let registry = registry
        let tally = tally
        return runner("kit") { iterations in
            timeLoop(iterations) {
                if (try? registry.resolve((any CartService).self))?.itemCount == 1 { tally.bump() }
            }
        }
    }

    var swinjectSingleton: Runner {
        let container = container
        let tally = tally
        return runner("Swinject") { iterations in
            timeLoop(iterations) {
                if container.resolve((any CartService).self)?.itemCount == 1 { tally.bump() }
            }
        }
    }

    // MARK: - Per call

    var kitPerCall: Runner {
        let registry = registry
        let tally = tally
        return runner("kit") { iterations in
            timeLoop(iterations) {
                if (try? registry.resolve((any QuoteService).self))?.itemCount == 1 { tally.bump() }
            }
        }
    }

    var swinjectPerCall: Runner {
        let container = container
        let tally = tally
        return runner("Swinject") { iterations in
            timeLoop(iterations) {
                if container.resolve((any QuoteService).self)?.itemCount == 1 { tally.bump() }
            }
        }
    }

    // MARK: - Missing service

    /// The kit's miss: the lookup, and the thrown error that names the service and the
    /// registered ones; counted only when it names the right service.
    var kitMiss: Runner {
        let registry = registry
        let tally = tally
        return runner("kit") { iterations in
            timeLoop(iterations) {
                do throws(ServiceError) {
                    _ = try registry.resolve((any PaymentService).self)
                } catch {
                    if error.service == "PaymentService" { tally.bump() }
                }
            }
        }
    }

    /// Swinject's miss: `nil`, after it gathers the registrations for its (unprinted) log line.
    var swinjectMiss: Runner {
        let container = container
        let tally = tally
        return runner("Swinject") { iterations in
            timeLoop(iterations) {
                if container.resolve((any PaymentService).self) == nil { tally.bump() }
            }
        }
    }

    var runnersByName: [String: Runner] {
        [
            "resolve-kit": kitSingleton, "resolve-swinject": swinjectSingleton,
            "percall-kit": kitPerCall, "percall-swinject": swinjectPerCall,
            "miss-kit": kitMiss, "miss-swinject": swinjectMiss,
        ]
    }
}
