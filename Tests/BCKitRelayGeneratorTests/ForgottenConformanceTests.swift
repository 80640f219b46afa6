import Foundation
import Testing

/// A controller's handler of a conversation it does not speak: the conversation was left out of
/// its conformances, so nothing calls it.
@Suite struct ForgottenConformanceTests {
    private static let product = """
        protocol ProductConversation: Conversation {
            func productDidLoad(_ product: Product)
        }
        protocol ProductActionsConversation: Conversation {
            func userTappedShare()
        }
        struct Product {}
        """

    private static let kitSources = URL(filePath: #filePath).deletingLastPathComponent().appending(
        path: "../../Sources/BCKit")

    private func warnings(_ own: [String: String], dependencies: [String: String] = [:]) -> [String] {
        plan(own, dependencies: dependencies).diagnostics.filter { $0.severity == .warning }.map {
            "\($0.file.split(separator: "/").last ?? ""):\($0.line): \($0.message)"
        }
    }

    /// The warnings for a controller `Share` declared as `declaration`, beside the product's
    /// conversations, with `members` on its lines 3 and on.
    private func warnings(declaration: String = "final class Share: BusinessController", members: String) -> [String] {
        warnings([
            "/s/Product.swift": Self.product,
            "/s/Share.swift": "\(declaration) {\n    weak var owner: Owner?\n\(members)\n}",
        ])
    }

    private func forgotten(_ method: String, of conversation: String, line: Int = 3) -> String {
        "Share.swift:\(line): method `\(method)` matches a message of `\(conversation)`, which `Share` does not "
            + "speak, so it is never called for that message: add `\(conversation)` to its conformances, or mark it "
            + "`/// - NotAMessage` if it is not meant to handle the message"
    }

    @Test func aHandlerOfAConversationLeftOutOfTheConformancesIsAWarningAtItsLine() {
        #expect(
            warnings(
                declaration: "final class Share: BusinessController, ProductActionsConversation",
                members: "    func productDidLoad(_ product: Product) {}\n    func userTappedShare() {}")
                == [forgotten("productDidLoad(_:)", of: "ProductConversation")])
    }

    @Test(arguments: [
        ("func hostDidReceiveMemoryWarning() {}", "hostDidReceiveMemoryWarning()"),
        ("func hostDidEnterBackground() {}", "hostDidEnterBackground()"),
        ("func hostSizeWillChange(to size: HostSize) {}", "hostSizeWillChange(to:)"),
        ("func hostTraitsDidChange(_ traits: BCKit.HostTraits) {}", "hostTraitsDidChange(_:)"),
    ])
    func aHostEventHandlerWithoutTheKitsConversationIsAWarning(method: String, name: String) {
        #expect(warnings(members: "    \(method)") == [forgotten(name, of: "HostEventConversation")])
    }

    /// Inside BCKit's package, or wherever the kit's sources are read, the kit's conversation is
    /// one the generator read, and the method is reported once.
    @Test func aHostEventHandlerIsReportedOnceWhenTheKitIsRead() throws {
        var kit: [String: String] = [:]
        for file in ["Conversations/Conversation.swift", "Hosts/HostEventConversation.swift"] {
            let url = Self.kitSources.appending(path: file)
            kit[url.path] = try String(contentsOf: url, encoding: .utf8)
        }
        let found = warnings(
            ["/s/Share.swift": "final class Share: BusinessController {\n    func hostDidReceiveMemoryWarning() {}\n}"],
            dependencies: kit)
        #expect(found == [forgotten("hostDidReceiveMemoryWarning()", of: "HostEventConversation", line: 2)])
    }

    @Test(arguments: [
        // The conversation is spoken, directly, qualified, or through a protocol that refines it.
        ("final class Share: BusinessController, ProductConversation", "func productDidLoad(_ product: Product) {}"),
        ("final class Share: BusinessController, HostEventConversation", "func hostDidReceiveMemoryWarning() {}"),
        (
            "final class Share: BCKit.BusinessController, BCKit.HostEventConversation",
            "func hostDidEnterBackground() {}"
        ),
        ("final class Share: ShareParts", "func hostDidReceiveMemoryWarning() {}"),
        // The same base name with other labels, or another parameter type, is another method.
        ("final class Share: BusinessController", "func productDidLoad(product: Product) {}"),
        ("final class Share: BusinessController", "func productDidLoad(_ id: Int) {}"),
        ("final class Share: BusinessController", "func hostSizeWillChange(to width: Double) {}"),
        // The marker says it is not meant as the message.
        ("final class Share: BusinessController", "/// - NotAMessage\n    func productDidLoad(_ product: Product) {}"),
        // An override, which its superclass declares.
        ("final class Share: BaseShare", "override func hostDidReceiveMemoryWarning() {}"),
        // Not a business controller.
        ("final class Share", "func productDidLoad(_ product: Product) {}"),
    ])
    func aMethodThatIsNotAForgottenHandlerIsNotFlagged(declaration: String, method: String) {
        let found = warnings([
            "/s/Product.swift": Self.product + "\nprotocol ShareParts: BusinessController, ScreenEvents {}"
                + "\nprotocol ScreenEvents: HostEventConversation {}",
            "/s/Base.swift": "class BaseShare: BusinessController {\n    weak var owner: Owner?\n}",
            "/s/Share.swift": "\(declaration) {\n    \(method)\n}",
        ])
        #expect(found.isEmpty)
    }

    @Test func theHostEventsAreTheKitsHostEventConversation() throws {
        let kit = Self.kitSources.appending(path: "Hosts/HostEventConversation.swift")
        let summary = DeclarationReader.read(file: kit.path, source: try String(contentsOf: kit, encoding: .utf8))
        let declared = try #require(summary.protocols.first { $0.name == KitConversations.hostEvents.name })
        #expect(
            declared.requirements.map { "\($0.messageName) = \(SignatureMismatch.declaration(of: $0))" }
                == KitConversations.hostEvents.declarations.map { "\($0.name) = \($0.declaration)" })
    }

    /// The kit's types the messages name are nominal types the kit declares, so a parameter of
    /// another type is surely another type.
    @Test func theHostEventTypesAreDeclaredByTheKit() throws {
        var declared: Set<String> = []
        for file in KitConversations.hostEvents.kitTypes {
            let url = Self.kitSources.appending(path: "Hosts/\(file).swift")
            let summary = DeclarationReader.read(file: url.path, source: try String(contentsOf: url, encoding: .utf8))
            declared.formUnion(summary.types.filter { $0.kind != .extension }.map(\.name))
        }
        #expect(Set(KitConversations.hostEvents.kitTypes).subtracting(declared).isEmpty)
    }
}
