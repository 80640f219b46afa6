import Testing

@Suite struct NearMissesTests {
    private static let cart =
        "protocol CartConversation: Conversation {\n func cartDidChange(count: Int)\n func cartWasCleared()\n}"

    private func warnings(_ own: [String: String], dependencies: [String: String] = [:]) -> [String] {
        plan(own, dependencies: dependencies).diagnostics.filter { $0.severity == .warning }.map {
            "\($0.file.split(separator: "/").last ?? ""):\($0.line): \($0.message)"
        }
    }

    @Test(arguments: [
        ("func cartDidChange(to count: Int) {}", "cartDidChange(to:)", "cartDidChange(count:)"),
        ("func cartDidChange(_ count: Int) {}", "cartDidChange(_:)", "cartDidChange(count:)"),
        ("func cartDidChang(count: Int) {}", "cartDidChang(count:)", "cartDidChange(count:)"),
        ("func cartWasClear() {}", "cartWasClear()", "cartWasCleared()"),
        ("func cartDidChnage(count: Int) {}", "cartDidChnage(count:)", "cartDidChange(count:)"),
    ])
    func aNearMissIsAWarningAtItsLine(method: String, written: String, message: String) {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/Badge.swift":
                "final class Badge: BusinessController, CartConversation {\n weak var owner: Owner?\n \(method)\n}",
        ])
        #expect(
            found == [
                "Badge.swift:3: method `\(written)` nearly matches `\(message)` of `CartConversation`, which `Badge` "
                    + "speaks, so it is never called for that message: rename it `\(message)`, or mark it "
                    + "`/// - NotAMessage` if the likeness is deliberate"
            ])
    }

    @Test func aNearMissIsFoundWhereverTheConformanceIsDeclared() {
        let found = warnings(
            [
                "/s/Badge.swift": "final class Badge: BusinessController {}\nextension Badge: CartConversation {}",
                "/s/Badge+Cart.swift": "extension Badge {\n func cartDidChang(count: Int) {}\n}",
                "/s/Sub.swift": "final class Sub: Base {\n func cartWasClear() {}\n}",
                "/s/Refined.swift":
                    "protocol Refined: CartConversation {}\nfinal class R: Refined { func cartWasClearde() {} }",
            ],
            dependencies: ["/d/Cart.swift": Self.cart, "/d/Base.swift": "open class Base: CartConversation {}"])
        #expect(found.map { $0.prefix { $0 != " " } } == ["Badge+Cart.swift:2:", "Refined.swift:2:", "Sub.swift:2:"])
    }

    @Test func exactMatchesFarNamesStaticsAndSilencedMethodsAreNotFlagged() {
        let found = warnings([
            "/s/Cart.swift": Self.cart + "\nprotocol Other: Conversation { func cartDidChange(to count: Int) }",
            "/s/Badge.swift": """
            final class Badge: BusinessController, CartConversation {
                func cartDidChange(count: Int) {}
                func cartDidChange(to count: Int) {}
                func ownerDidLoad() {}
                func render() {}
                static func cartWasClear() {}
                /// Clears the badge itself, not the cart.
                /// - NotAMessage
                func cartWasClear() {}
            }
            final class Unrelated { func cartDidChang(count: Int) {} }
            """,
        ])
        #expect(found.isEmpty)
    }

    @Test func aMethodMatchingARequirementOfAnotherProtocolItSpeaksIsNotFlagged() {
        let found = warnings(
            [
                "/s/Cart.swift": "protocol Cart: Conversation { func ownerDidLoads() }",
                "/s/Badge.swift": "final class Badge: BusinessController, Cart { func ownerDidLoad() {} }",
            ],
            dependencies: ["/d/BC.swift": "public protocol BusinessController: AnyObject { func ownerDidLoad() }"])
        #expect(found.isEmpty)
    }

    @Test func propertiesAreComparedWithPropertyMessagesOnly() {
        let found = warnings([
            "/s/Q.swift": "protocol Q: Conversation {\n var currentGoods: Goods? { get }\n func title() -> String?\n}",
            "/s/A.swift": "final class A: Q {\n var currentGood: Goods?\n var title: String?\n}",
        ])
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("A.swift:2: property `currentGood` nearly matches `currentGoods`") == true)
    }

    @Test func aWarningUnderIfKeepsItsClauses() throws {
        let plan = plan([
            "/s/Cart.swift": Self.cart,
            "/s/Badge.swift": "final class Badge: CartConversation {\n #if DEBUG\n func cartWasClear() {}\n #endif\n}",
        ])
        #expect(plan.diagnostics.first?.conditions.flatMap(\.openingLines) == ["#if DEBUG"])
    }

    @Test func privateTypesOfTheSameNameInOtherFilesAreNotMixedUp() {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/A.swift": "private final class Badge: CartConversation { func cartDidChange(count: Int) {} }",
            "/s/B.swift": "private final class Badge { func cartWasClear() {} }",
        ])
        #expect(found.isEmpty)
    }
}
