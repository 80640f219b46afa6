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

    /// `final class Badge: CartParts` conforms to what the typealias composes, so a near miss of a
    /// message or of a lifecycle callback is reported as if the conformances were written out.
    @Test(arguments: [
        "typealias CartParts = BusinessController & CartConversation",
        "typealias CartParts = Controller & Shop.CartConversation\ntypealias Controller = BCKit.BusinessController",
    ])
    func aConformanceWrittenThroughATypealiasIsChecked(aliases: String) {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/Parts.swift": aliases,
            "/s/Badge.swift":
                "final class Badge: CartParts {\n weak var owner: Owner?\n func cartDidChang(count: Int) {}\n"
                + " func ownerDidApear() {}\n}",
        ])
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("Badge.swift:3: method `cartDidChang(count:)` nearly matches") == true)
        #expect(found.last?.hasPrefix("Badge.swift:4: method `ownerDidApear()`") == true)
    }

    /// A typealias of anything but type names, or one shadowed by a type of its name, composes nothing.
    @Test func aTypealiasOfAnotherKindOrShadowedByATypeIsNotExpanded() {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/Parts.swift":
                "typealias Handler = () -> CartConversation\ntypealias Parts = BusinessController & CartConversation"
                + "\nclass Parts {}",
            "/s/Badge.swift": "final class Badge: Handler, Parts {\n func cartDidChang(count: Int) {}\n}",
        ])
        #expect(found.isEmpty)
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

    /// `cartDidChange(to:)` is exactly a message of `Other`, not a near miss of
    /// `cartDidChange(count:)`: what is said of it is that `Badge` does not speak `Other`.
    @Test func exactMatchesFarNamesStaticsAndSilencedMethodsAreNotNearMisses() {
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
        #expect(
            found.map { $0.prefix { $0 != "," } } == [
                "Badge.swift:3: method `cartDidChange(to:)` matches a message of `Other`"
            ])
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

    /// A property is compared with property messages by a near name; across the two forms, a method
    /// for a property message or a property for a method message is never called for it either, so
    /// the same base name is a warning that gives the message's declaration.
    @Test func aMemberOfTheOtherFormWithAMessagesNameIsAWarning() {
        let found = warnings([
            "/s/Q.swift":
                "protocol Q: Conversation {\n var currentGoods: Goods? { get }\n func title() -> String?\n"
                + " var noteAuthor: String? { get }\n}",
            "/s/A.swift":
                "final class A: Q {\n var currentGood: Goods?\n var title: String?\n"
                + " func noteAuthor() -> String? { nil }\n func currentGood() {}\n}",
        ])
        let acrossForms = {
            (line: Int, what: String, written: String, message: String, form: String, declaration: String) in
            "A.swift:\(line): \(what) `\(written)` has the name of `\(message)` of `Q`, which `A` speaks, but is a \(what) "
                + "where the message is a \(form), so it is never called for that message: declare it as the message "
                + "does, `\(declaration)`, or mark it `/// - NotAMessage` if the likeness is deliberate"
        }
        #expect(found.count == 3)
        #expect(found.first?.hasPrefix("A.swift:2: property `currentGood` nearly matches `currentGoods`") == true)
        #expect(
            Array(found.dropFirst()) == [
                acrossForms(3, "property", "title", "title()", "method", "func title() -> String?"),
                acrossForms(4, "method", "noteAuthor()", "noteAuthor", "property", "var noteAuthor: String? { get }"),
            ])
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

    /// An overload with other labels beside the handler: renaming it to the message, as a near
    /// miss would advise, would redeclare the handler.
    @Test(arguments: [
        "func save(id: Int, retained: Bool) {}\n func save(id: Int, retained: Bool, force: Bool) {}",
        "func save(id: Int, retained: Bool, force: Bool) {}\n func save(id: Int, retained: Bool) {}",
        "func save(id: Int, retained: Bool) {}\n func sav(id: Int, retained: Bool) {}",
    ])
    func aMethodBesideTheHandlerOfTheMessageItNearlyMatchesIsNotFlagged(members: String) {
        let found = warnings([
            "/s/Save.swift": "protocol SaveConversation: Conversation { func save(id: Int, retained: Bool) }",
            "/s/Badge.swift": "final class Badge: BusinessController, SaveConversation {\n weak var owner: Owner?\n "
                + members + "\n}",
        ])
        #expect(found.isEmpty)
    }

    /// Beside the handler of one message, a method nearer another message's name is a near miss
    /// of that one, not an overload of the handler.
    @Test func aHandlerDoesNotHideANearMissOfAnotherMessageOfItsBaseName() {
        let list = """
            protocol ListConversation: Conversation {
                func listDidSelect(row: Int)
                func listDidSelect(rows: [Int])
            }
            """
        let badge = { (member: String) in
            "final class Badge: BusinessController, ListConversation {\n weak var owner: Owner?\n"
                + " func listDidSelect(row: Int) {}\n \(member)\n}"
        }
        let misspelled = warnings(["/s/List.swift": list, "/s/Badge.swift": badge("func listDidSelect(rws: [Int]) {}")])
        #expect(misspelled.map { $0.prefix { $0 != " " } } == ["Badge.swift:4:"])
        #expect(misspelled.first?.contains("nearly matches `listDidSelect(rows:)`") == true)
        let overload = badge("func listDidSelect(row: Int, animated: Bool) {}")
        #expect(warnings(["/s/List.swift": list, "/s/Badge.swift": overload]).isEmpty)
    }

    @Test func aMethodBesideAHandlerInASuperclassOrAnotherExtensionIsNotFlagged() {
        let found = warnings([
            "/s/Save.swift": "protocol SaveConversation: Conversation { func save(id: Int, retained: Bool) }",
            "/s/Base.swift": "class Base: BusinessController, SaveConversation {\n weak var owner: Owner?\n"
                + " func save(id: Int, retained: Bool) {}\n}",
            "/s/Sub.swift": "final class Sub: Base {\n func save(id: Int, retained: Bool, force: Bool) {}\n}",
            "/s/Badge.swift": "final class Badge: BusinessController, SaveConversation { weak var owner: Owner? }\n"
                + "extension Badge { func save(id: Int, retained: Bool) {} }\n"
                + "extension Badge { func save(id: Int, retained: Bool, force: Bool) {} }",
        ])
        #expect(found.isEmpty)
    }

    /// The overload rule needs the handler itself: beside another message's handler, a near
    /// miss is still one, and it names the message nobody handles.
    @Test func aNearMissBesideAnotherMessagesHandlerIsStillFlagged() {
        let found = warnings([
            "/s/Cart.swift": Self.cart,
            "/s/Badge.swift": "final class Badge: BusinessController, CartConversation {\n weak var owner: Owner?\n"
                + " func cartWasCleared() {}\n func cartDidChang(count: Int) {}\n}",
        ])
        #expect(found.map { $0.prefix { $0 != " " } } == ["Badge.swift:4:"])
        #expect(found.first?.contains("nearly matches `cartDidChange(count:)`") == true)
    }
}

@Suite struct SignatureMismatchTests {
    private static let address = """
        struct Address {}
        enum AddressError: Error {}
        protocol AddressConversation: Conversation {
            func addressDidChange(street: String)
            func addressWasMoved(to address: Address)
            func addressWasSaved() throws(AddressError)
            func addressLabel(for address: Address) -> String?
            func addressWillPick(_ pick: @escaping ([String: Address?]) -> Void)
            func addressWillCheck(_ check: (Address) -> Bool)
            var addressCount: Int? { get }
        }
        """

    private func warnings(_ members: String, extra: String = "") -> [String] {
        plan([
            "/s/Address.swift": Self.address + "\n" + extra,
            "/s/Label.swift": "final class Label: BusinessController, AddressConversation {\n\(members)\n}",
        ])
        .diagnostics.filter { $0.severity == .warning }.map { "\($0.line): \($0.message)" }
    }

    @Test(arguments: [
        (
            "func addressDidChange(street: Substring) {}", "addressDidChange(street:)",
            "parameter `street` is `Substring` where the message has `String`", "func addressDidChange(street: String)"
        ),
        (
            "func addressWasMoved(to address: Address?) {}", "addressWasMoved(to:)",
            "parameter `to` is `Address?` where the message has `Address`", "func addressWasMoved(to address: Address)"
        ),
        (
            "func addressDidChange(street: String) async {}", "addressDidChange(street:)",
            "it is `async` where the message is not", "func addressDidChange(street: String)"
        ),
        (
            "func addressDidChange(street: String) throws {}", "addressDidChange(street:)",
            "it is `throws` where the message does not throw", "func addressDidChange(street: String)"
        ),
        (
            "func addressWasSaved() throws {}", "addressWasSaved()",
            "it is `throws` where the message is `throws(AddressError)`", "func addressWasSaved() throws(AddressError)"
        ),
        (
            "func addressLabel(for address: Address) -> String { \"\" }", "addressLabel(for:)",
            "it returns `String` where the message returns `String?`",
            "func addressLabel(for address: Address) -> String?"
        ),
        (
            "func addressLabel(for address: Address) {}", "addressLabel(for:)",
            "it returns nothing where the message returns `String?`",
            "func addressLabel(for address: Address) -> String?"
        ),
        (
            "func addressWillPick(_ pick: ([String: Address]) -> Void) {}", "addressWillPick(_:)",
            "parameter 1 is `([String: Address]) -> Void` where the message has `@escaping ([String: Address?]) -> Void`",
            "func addressWillPick(_ pick: @escaping ([String: Address?]) -> Void)"
        ),
        // An added `@escaping` or global actor makes another closure type.
        (
            "func addressWillCheck(_ check: @escaping (Address) -> Bool) {}", "addressWillCheck(_:)",
            "parameter 1 is `@escaping (Address) -> Bool` where the message has `(Address) -> Bool`",
            "func addressWillCheck(_ check: (Address) -> Bool)"
        ),
        (
            "func addressWillPick(_ pick: @escaping @MainActor ([String: Address?]) -> Void) {}", "addressWillPick(_:)",
            "parameter 1 is `@escaping @MainActor ([String: Address?]) -> Void` where the message has "
                + "`@escaping ([String: Address?]) -> Void`",
            "func addressWillPick(_ pick: @escaping ([String: Address?]) -> Void)"
        ),
        (
            "var addressCount: Int = 0", "addressCount", "its type is `Int` where the message's is `Int?`",
            "var addressCount: Int? { get }"
        ),
    ])
    func aSignatureMismatchIsAWarningAtItsLine(member: String, name: String, difference: String, declared: String) {
        let what = member.hasPrefix("var") ? "property" : "method"
        #expect(
            warnings(member) == [
                "2: \(what) `\(name)` has the name of `\(name)` of `AddressConversation`, which `Label` speaks, but "
                    + "not its signature (\(difference)), so it is never called for that message: declare it as the "
                    + "message does, `\(declared)`, or mark it `/// - NotAMessage` if it is not meant to handle the "
                    + "message"
            ])
    }

    @Test func everyDifferenceOfOneMethodIsNamed() throws {
        let found = try #require(warnings("func addressLabel(for address: Int) async throws -> Int? { nil }").first)
        #expect(found.contains("(parameter `for` is `Int` where the message has `Address`; it is `async` where"))
        #expect(found.contains("it is `throws` where the message does not throw; it returns `Int?` where"))
    }

    @Test(arguments: [
        "func addressDidChange(street: String) {}",
        "func addressDidChange(street: Swift.String) {}",
        "func addressDidChange( street :String ) {}",
        "func addressWasMoved(to place: Address) {}",
        "func addressWasSaved() {}",
        "func addressWasSaved() throws(AddressError) {}",
        "func addressLabel(for address: Address) -> Optional<String> { nil }",
        "func addressLabel(for address: Address) -> Swift.Optional<Swift.String> { nil }",
        "func addressWillPick(_ pick: @escaping (Dictionary<String, Optional<Address>>) -> ()) {}",
        "func addressWillPick(_ pick: @escaping @Sendable ([String: Address?]) -> Swift.Void) {}",
        "func addressWillPick(_ pick: ([String: Address?]) -> Void) {}",
        "var addressCount: Int?",
        "let addressCount: Optional<Int> = nil",
        "var addressCount: Int? { nil }",
        "var addressCount = 3",
    ])
    func theMessagesSignatureWithOtherSugarIsNotFlagged(member: String) {
        #expect(warnings(member).isEmpty)
    }

    @Test(arguments: [
        // A typealias, declared where the generator reads it or not, may be the message's type.
        ("func addressDidChange(street: Street) {}", "typealias Street = String"),
        ("func addressDidChange(street: Street) {}", ""),
        ("func addressWasMoved(to address: Place) {}", ""),
        // A generic method may witness the message.
        ("func addressDidChange<S>(street: S) {}", ""),
        ("func addressDidChange(street: some StringProtocol) {}", ""),
        // Typed errors are left alone, one against another.
        ("func addressWasSaved() throws(OtherError) {}", "enum OtherError: Error {}"),
        ("func addressWasSaved() rethrows {}", ""),
    ])
    func aDifferenceATypealiasOrGenericMayExplainIsNotFlagged(member: String, extra: String) {
        #expect(warnings(member, extra: extra).isEmpty)
    }

    @Test func aMethodMarkedNotAMessageIsNotFlagged() {
        #expect(
            warnings("/// Keeps the raw text.\n/// - NotAMessage\nfunc addressDidChange(street: Substring) {}").isEmpty)
    }

    @Test func anOverloadBesideTheHandlerIsNotFlagged() {
        let found = warnings(
            """
            func addressDidChange(street: String) {}
            func addressDidChange(street: Substring) {}
            """)
        #expect(found.isEmpty)
    }

    @Test func anOverloadAnotherSpokenProtocolDeclaresIsNotFlagged() {
        let found = plan([
            "/s/Address.swift": Self.address,
            "/s/Raw.swift": "protocol RawStreet { func addressDidChange(street: Substring) }",
            "/s/Label.swift": """
            final class Label: BusinessController, AddressConversation, RawStreet {
                func addressDidChange(street: String) {}
                func addressDidChange(street: Substring) {}
            }
            """,
        ])
        #expect(found.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }

    @Test func aMismatchIsFoundInAnExtensionOfItsOwn() {
        let found = plan([
            "/s/Address.swift": Self.address,
            "/s/Label.swift": "final class Label: BusinessController, AddressConversation {}",
            "/s/Label+Street.swift": "extension Label {\n\n    func addressDidChange(street: Substring) {}\n}",
        ])
        #expect(
            found.diagnostics.filter { $0.severity == .warning }.map { "\($0.file):\($0.line)" } == [
                "/s/Label+Street.swift:3"
            ])
    }

    @Test func aMethodOfATypeThatDoesNotSpeakTheConversationIsNotFlagged() {
        let found = plan([
            "/s/Address.swift": Self.address,
            "/s/Label.swift": "final class Label { func addressDidChange(street: Substring) {} }",
        ])
        #expect(found.diagnostics.filter { $0.severity == .warning }.isEmpty)
    }
}
