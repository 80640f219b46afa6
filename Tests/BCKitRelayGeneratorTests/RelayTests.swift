import Testing

/// Each one-call form, written exactly as Conversation.swift documents its hand-written relaying
/// default, with the message's name passed explicitly.
@Suite struct RelayTests {
    @Test func aMessageRelaysWithItsName() {
        #expect(
            relays("protocol Cart: Conversation {\n func cartDidChange(count: Int, added goods: Goods)\n}") == [
                #"func cartDidChange(count: Int, added goods: Goods) { relay((any Cart).self, message: "cartDidChange(count:added:)") { $0.cartDidChange(count: count, added: goods) } }"#
            ])
    }

    /// A parameter named like the relay the body calls would hide it, and the generated file
    /// would not compile; the body then reaches it through `self`.
    @Test func aParameterNamedLikeTheRelayDoesNotHideIt() {
        #expect(
            relays(
                "protocol Q: Conversation {\n func shadow(relay: Int)\n /// - Retained\n func keep(_ relayRetained: Int)\n}"
            )
                == [
                    #"func shadow(relay: Int) { self.relay((any Q).self, message: "shadow(relay:)") { $0.shadow(relay: relay) } }"#,
                    #"func keep(_ relayRetained: Int) { self.relayRetained((any Q).self, message: "keep(_:)") { $0.keep(relayRetained) } }"#,
                ])
    }

    /// An unnamed parameter is named for the relay `p` and its position, `p0`; a parameter the user
    /// named so already would make two of one name, which does not compile, so the next free one is taken.
    @Test func anUnnamedParameterIsNotNamedLikeAnotherParameterOfTheMessage() {
        #expect(
            relays(
                "protocol Q: Conversation {\n func e(_: Int, p0: String)\n func f(_: Int, _: Int, `p1`: Int, p2 x: Int)\n}"
            ) == [
                #"func e(_ p1: Int, p0: String) { relay((any Q).self, message: "e(_:p0:)") { $0.e(p1, p0: p0) } }"#,
                #"func f(_ p0: Int, _ p2: Int, `p1`: Int, p2 x: Int) { relay((any Q).self, message: "f(_:_:p1:p2:)") { $0.f(p0, p2, `p1`: `p1`, p2: x) } }"#,
            ])
    }

    /// Swift takes U+10000–U+1FFFD as identifier heads, emoji included, so a name that starts with
    /// one is a method's, and only an operator's characters start an operator.
    @Test func aNameStartingWithAnEmojiIsAMessageAndAUnicodeOperatorIsNot() {
        let plan = plan(
            "protocol Q: Conversation {\n func 🛒DidChange()\n func 購入完了(件数: Int)\n static func ∘ (lhs: Q, rhs: Q) -> Q?\n}"
        )
        #expect(
            plan.conversations.flatMap(\.relays).map(\.code) == [
                #"func 🛒DidChange() { relay((any Q).self, message: "🛒DidChange()") { $0.🛒DidChange() } }"#,
                #"func 購入完了(件数: Int) { relay((any Q).self, message: "購入完了(件数:)") { $0.購入完了(件数: 件数) } }"#,
            ])
        #expect(diagnostics(of: plan).map { $0.hasPrefix("4: error: operator `∘` cannot be a message") } == [true])
    }

    /// A parameter whose type is a typealias of a closure type is a non-escaping closure, as the
    /// closure written out would be, wherever the typealias is declared; an optional one escapes.
    @Test func aRetainedMessageTakingAClosureTypealiasIsRefusedUnlessItEscapes() {
        let plan = plan([
            "/s/P.swift": """
            protocol Q: Conversation {
                typealias Handler = @Sendable () -> Void
                /// - Retained
                func d(done: Handler)
                /// - Retained
                func e(done: @escaping Handler)
                /// - Retained
                func f(done: Maybe)
                /// - Retained
                func g(done: Shop.Callback)
            }
            """,
            "/s/Aliases.swift": "typealias Maybe = (() -> Void)?\nenum Shop {\n typealias Callback = (Int) -> Void\n}",
        ])
        #expect(
            diagnostics(of: plan) == [
                "4: error: " + Refusal.retainedClosure("done").message,
                "10: error: " + Refusal.retainedClosure("done").message,
            ])
    }

    @Test func aBacktickedParameterNamedLikeTheRelayDoesNotHideItEither() {
        #expect(
            relays("protocol Q: Conversation { func plain(_ `relay`: Int) }") == [
                #"func plain(_ `relay`: Int) { self.relay((any Q).self, message: "plain(_:)") { $0.plain(`relay`) } }"#
            ])
    }

    @Test func aQuestionReturnsTheFirstAnswer() {
        #expect(
            relays("protocol Q: Conversation { func title(of id: Int) -> String? }") == [
                #"func title(of id: Int) -> String? { relay((any Q).self, message: "title(of:)") { $0.title(of: id) } }"#
            ])
    }

    @Test func aThrowingMessageTriesEveryReceiver() {
        #expect(
            relays("protocol Q: Conversation { func validate() throws }") == [
                #"func validate() throws { try relay((any Q).self, message: "validate()") { try $0.validate() } }"#
            ])
    }

    @Test func anAsyncMessageAwaitsEachReceiverInOrder() {
        #expect(
            relays("protocol Q: Conversation { func save(_ text: String) async }") == [
                #"func save(_ text: String) async { await relay((any Q).self, message: "save(_:)") { await $0.save(text) } }"#
            ])
    }

    @Test func aRetainedMessageRelaysRetained() {
        #expect(
            relays("protocol Q: Conversation {\n /// - Retained\n func restore(_: String)\n}") == [
                #"func restore(_ p0: String) { relayRetained((any Q).self, message: "restore(_:)") { $0.restore(p0) } }"#
            ])
    }

    @Test func aQuietMessageAndAQuietConversationRelayQuiet() {
        #expect(
            relays("protocol Q: Conversation {\n /// - Quiet\n func online(_ isOnline: Bool)\n func other()\n}") == [
                #"func online(_ isOnline: Bool) { relay((any Q).self, message: .quiet("online(_:)")) { $0.online(isOnline) } }"#,
                #"func other() { relay((any Q).self, message: "other()") { $0.other() } }"#,
            ])
        #expect(
            relays("/// - Quiet\nprotocol Q: Conversation {\n /// - Retained\n func a()\n}") == [
                #"func a() { relayRetained((any Q).self, message: .quiet("a()")) { $0.a() } }"#
            ])
    }

    @Test func aBlockCommentsMarkersCountInAFileWithWindowsLineEndings() {
        let source = "protocol Q: Conversation {\r\n /**\r\n  - Quiet\r\n  - Retained\r\n  */\r\n func a()\r\n}"
        #expect(relays(source) == [#"func a() { relayRetained((any Q).self, message: .quiet("a()")) { $0.a() } }"#])
    }

    @Test func aReadOnlyOptionalPropertyIsAQuestion() {
        #expect(
            relays("protocol Q: Conversation { var currentGoods: Goods? { get } }") == [
                #"var currentGoods: Goods? { relay((any Q).self, message: "currentGoods") { $0.currentGoods } }"#
            ])
    }

    @Test func accessFollowsTheProtocol() {
        #expect(relays("public protocol Q: Conversation { func a() }").first?.hasPrefix("public func a()") == true)
        #expect(relays("package protocol Q: Conversation { func a() }").first?.hasPrefix("package func a()") == true)
        #expect(relays("internal protocol Q: Conversation { func a() }").first?.hasPrefix("func a()") == true)
    }

    @Test func genericsAttributesWhereClausesClosuresAndTuplesAreForwarded() {
        let source = """
            protocol Q: Conversation {
                @available(macOS 14, *)
                func show<T: Codable>(_ value: T, in pair: (Int, String), then done: () -> Void) where T: Sendable
                func on(_ handler: @escaping @MainActor (Int) -> Void, `default`: Int, for: Int)
            }
            """
        #expect(
            relays(source) == [
                "@available(macOS 14, *) func show<T: Codable>(_ value: T, in pair: (Int, String), then done: () -> Void) "
                    + #"where T: Sendable { relay((any Q).self, message: "show(_:in:then:)") { $0.show(value, in: pair, then: done) } }"#,
                "func on(_ handler: @escaping @MainActor (Int) -> Void, `default`: Int, for: Int) { relay((any Q).self, "
                    + #"message: "on(_:default:for:)") { $0.on(handler, `default`: `default`, for: `for`) } }"#,
            ])
    }

    @Test func theMessageNameIsWhatFunctionGives() {
        let names = plan(
            "protocol Q: Conversation {\n func a(_ x: Int, y: Int, for z: Int)\n func b()\n var c: Int? { get }\n}"
        )
        .conversations.flatMap(\.relays).map(\.requirement.messageName)
        #expect(names == [functionName("a", "_", "y", "for"), functionName("b"), "c"])
    }

    @Test func aNestedConversationIsNamedByItsPath() {
        #expect(
            relays("enum Screen {\n protocol Events: Conversation { func a() }\n}") == [
                #"func a() { relay((any Screen.Events).self, message: "a()") { $0.a() } }"#
            ])
    }

    /// Each member the plugin cannot relay, and the start of the error that says what to write.
    @Test(arguments: [
        ("func f(_ x: inout Int)", "`inout` parameter `x` cannot be relayed"),
        (
            "func f(_ xs: Int...)",
            "variadic parameter `xs` cannot be forwarded to each receiver: take an array, `xs: [Int]`"
        ),
        ("func f() -> Int", "a message returns nothing, or an Optional for the first answer: write `-> Int?`"),
        ("func f() throws(E)", "`throws(E)` has no one-call relay: write untyped `throws`"),
        ("func f(_ g: () throws -> Void) rethrows", "a `rethrows` message cannot be relayed"),
        ("func f() async throws", "an `async throws` message has no one-call relay"),
        ("func f() async -> Int?", "a question (an Optional result) cannot also be `async` or `throws`"),
        ("func f() throws -> Int?", "a question (an Optional result) cannot also be `async` or `throws`"),
        ("/// - Retained\n func f() -> Int?", "only a plain message is retained"),
        ("/// - Retained\n func f() async", "only a plain message is retained"),
        ("/// - Retained\n func f(_ done: () -> Void)", "a retained message keeps its arguments"),
        ("/// - Retained\n var f: Int? { get }", "only a plain message is retained"),
        ("var f: Int? { get set }", "a settable property cannot be a message"),
        (
            "var f: Int { get }",
            "a property message is a question answered by the first receiver that knows, so it is Optional: write `var f: Int? { get }`"
        ),
        ("var f: Int? { get async }", "an `async` or `throws` property has no one-call relay"),
        ("static func f()", "a message cannot be `static`"),
        ("nonisolated func f()", "a message cannot be `nonisolated`"),
        ("subscript(i: Int) -> Int? { get }", "a subscript cannot be a message"),
        ("init()", "an initializer cannot be a message"),
        ("func f() -> Int!", "a message returns nothing, or an Optional for the first answer: write `-> Int?`;"),
        (
            "func f() -> () -> Int",
            "a message returns nothing, or an Optional for the first answer: write `-> (() -> Int)?`;"
        ),
        (
            "var f: Int! { get }",
            "a property message is a question answered by the first receiver that knows, so it is Optional: write `var f: Int? { get }`"
        ),
        ("var f: Int! { get set }", "a settable property cannot be a message: declare `var f: Int? { get }`"),
        (
            "static func == (lhs: Q, rhs: Q) -> Bool",
            "operator `==` cannot be a message: the center relays a call to controllers by a method's name, and an "
                + "operator is called on its operands: write a method instead"
        ),
        (
            "static prefix func - (x: Int) -> Int?",
            "operator `-` cannot be a message: the center relays a call to controllers by a method's name"
        ),
        (
            "func f(_ x: @autoclosure () -> Int)",
            "`@autoclosure` parameter `x` cannot be forwarded to each receiver: the relay would pass on a closure "
                + "where each receiver expects the value; take the value, `x: Int`, or a closure, "
                + "`x: @escaping () -> Int`"
        ),
        (
            "func f(_ x: @autoclosure @escaping () -> Int)",
            "`@autoclosure` parameter `x` cannot be forwarded to each receiver: the relay would pass on a closure "
                + "where each receiver expects the value; take the value, `x: Int`, or a closure, "
                + "`x: @escaping () -> Int`"
        ),
        (
            "func f<each T>(_ xs: repeat each T)",
            "`repeat each` parameter `xs` cannot be forwarded to each receiver: the relay cannot forward a pack it "
                + "does not expand; take an array of one element type, or one parameter per value"
        ),
        (
            "func f(_ x: consuming String)",
            "`consuming` parameter `x` cannot be forwarded to each receiver: each receiver would consume the one "
                + "value in turn; remove `consuming`, so each receiver borrows it: `x: String`"
        ),
        (
            "func f(_ x: sending String)",
            "`sending` parameter `x` cannot be forwarded to each receiver: the one value would be sent to each "
                + "receiver in turn; remove `sending`"
        ),
        (
            "func f(on actor: isolated any Actor)",
            "`isolated` parameter `actor` cannot be forwarded to each receiver: messages run on the main actor, not "
                + "on a parameter's actor; remove `isolated`, and call the actor from the handler: `actor: any Actor`"
        ),
        (
            "func f(_ other: Self)",
            "a message cannot use `Self`: the center relays it to receivers of type `any Q`, which are of no one "
                + "concrete type; write `any Q` (`-> (any Q)?` for an answer) or a concrete type"
        ),
        ("func f() -> Self?", "a message cannot use `Self`"),
        ("func f(_ each: ([Self]) -> Void)", "a message cannot use `Self`"),
        ("var f: Self? { get }", "a message cannot use `Self`"),
        ("func f(x)", "BCKit's relay plugin cannot read this member of `Q` (it met a parameter without a type)"),
        ("?? nonsense", "BCKit's relay plugin cannot read this member of `Q` (it met `?`)"),
    ])
    func anUnrelayableMemberIsAnErrorAtItsLineThatSaysWhatToWrite(member: String, error: String) throws {
        let plan = plan("protocol Q: Conversation {\n func ok()\n \(member)\n}")
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(plan.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file == "/s/P.swift")
        #expect(diagnostic.line == 3 + member.filter { $0 == "\n" }.count)
        #expect(diagnostic.message.hasPrefix(error), "\(diagnostic.message)")
        #expect(plan.conversations.first?.relays.map(\.requirement.name) == ["ok"])
    }

    @Test(arguments: [
        "func f(_ x: borrowing String)", "func f(_ g: @escaping @Sendable () -> Void)",
        "func f(_ selfish: SelfType)", "func f(_ x: __shared String)",
    ])
    func aParameterTheRelayCanForwardIsRelayed(member: String) {
        let plan = plan("protocol Q: Conversation {\n \(member)\n}")
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.first?.relays.count == 1)
    }

    @Test func anAssociatedTypeIsTheOneErrorAndTheConversationGetsNoRelays() {
        let plan = plan(
            "protocol Q: Conversation {\n func ok()\n associatedtype Element\n func f(_ x: Element)\n}")
        #expect(
            diagnostics(of: plan) == [
                "3: error: a conversation cannot have an associated type: senders reach it as `any Q`; use a concrete "
                    + "type, or declare `Q` by hand (its relaying defaults and `extension CommunicationCenter: Q {}`)"
            ])
        #expect(plan.conversations.isEmpty)
    }

    @Test func aTypealiasNeedsNoRelay() {
        let plan = plan("protocol Q: Conversation {\n typealias ID = Int\n func a(_ id: ID)\n}")
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.first?.relays.count == 1)
    }

    @Test(arguments: ["T?", "Optional<T>", "Swift.Optional<T>", "(T)?", "((Int) -> Void)?"])
    func optionalTypesAreRecognised(type: String) {
        #expect(Relay.isOptional(type))
    }

    @Test(arguments: ["T", "[T?]", "(T?, Int)", "() -> T?"])
    func otherTypesAreNotOptional(type: String) {
        #expect(!Relay.isOptional(type))
    }
}
