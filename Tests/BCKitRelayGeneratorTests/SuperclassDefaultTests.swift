import Testing

/// A subclass's member named exactly like a requirement only its superclass's conformance
/// declares is never called through the protocol: the superclass left it to the default.
@Suite struct SuperclassDefaultTests {
    private static let cart =
        "protocol CartConversation: Conversation {\n func cartDidChange(count: Int)\n func cartWasCleared()\n}"

    private func warnings(_ own: [String: String]) -> [String] {
        plan(own).diagnostics.filter { $0.severity == .warning }.map {
            "\($0.file.split(separator: "/").last ?? ""):\($0.line): \($0.message)"
        }
    }

    private static func message(_ member: String, protocolName: String) -> String {
        "method `\(member)` of `Sub` has the name of `\(member)` of `\(protocolName)`, which `Sub` conforms to "
            + "through its superclass `Base`; `Base` leaves it to the default implementation, so this method is "
            + "never called through `\(protocolName)`: implement it in `Base` (an empty one will do) and `override` "
            + "it here, or mark it `/// - NotAMessage` if it is not meant to answer `\(protocolName)`"
    }

    @Test func aSubclassHandlerOfAMessageTheConformingBaseLeavesToItsDefaultIsAWarning() {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/Base.swift": "class Base: BusinessController, CartConversation {\n weak var owner: Owner?\n}",
            "/s/Sub.swift": "final class Sub: Base {\n func cartDidChange(count: Int) {}\n}",
        ])
        #expect(found == ["Sub.swift:2: " + Self.message("cartDidChange(count:)", protocolName: "CartConversation")])
    }

    @Test func aSubclassCallbackTheConformingBaseLeavesToItsDefaultIsAWarning() {
        let found = warnings([
            "/s/Base.swift": "class Base: BusinessController {\n weak var owner: Owner?\n}",
            "/s/Sub.swift": "final class Sub: Base {\n func ownerDidLoad() {}\n}",
        ])
        #expect(found == ["Sub.swift:2: " + Self.message("ownerDidLoad()", protocolName: "BusinessController")])
    }

    @Test func anOverrideAMarkedMethodAndTheBaseItselfAreNotFlagged() {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/Base.swift": """
            class Base: BusinessController, CartConversation {
             weak var owner: Owner?
             func cartDidChange(count: Int) {}
             func ownerDidLoad() {}
            }
            """,
            "/s/Sub.swift": """
            final class Sub: Base {
             override func cartDidChange(count: Int) {}
             override func ownerDidLoad() {}
             /// - NotAMessage
             func cartWasCleared() {}
            }
            """,
        ])
        #expect(found.isEmpty)
    }
}
