import Foundation
import Testing

@Suite struct CenterMembersTests {
    /// Every Swift file of the kit's own target, read as the generator reads a dependency.
    private func kitFiles() throws -> [SourceSummary] {
        let kit = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources/BCKit")
        let paths = try #require(FileManager.default.enumerator(atPath: kit.path)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            let url = kit.appending(path: path)
            return DeclarationReader.read(file: url.path, source: try String(contentsOf: url, encoding: .utf8))
        }
    }

    @Test func theNamesAreTheCentersMembersInTheKit() throws {
        let files = try kitFiles()
        let types = files.flatMap(\.types)
        let protocols = files.flatMap(\.protocols)
        let centerParts = types.filter { $0.name == "CommunicationCenter" }
        var found: [String: String] = [:]
        for member in centerParts.flatMap(\.members)
        where !member.isStatic && (member.access == .public || member.access == .package) {
            found[member.fullName] = "CommunicationCenter"
        }
        // What the center's conformances give it: their requirements and their extensions' members,
        // through every protocol they refine.
        var pending = centerParts.flatMap(\.inherited)
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let declared = protocols.first(where: { $0.name == name }) else {
                continue
            }
            pending += declared.refined
            let extended = types.filter { $0.kind == .extension && $0.name == name && !$0.hasWhereClause }
                .flatMap(\.members).filter { $0.access == .public || $0.access == .package }.map(\.fullName)
            for fullName in declared.requirements.map(\.messageName) + extended where found[fullName] == nil {
                found[fullName] = name
            }
        }
        #expect(!found.isEmpty)
        #expect(found.map { "\($0) = \($1)" }.sorted() == CenterMembers.names.map { "\($0) = \($1)" }.sorted())
    }
}

@Suite struct CenterNameTests {
    @Test(arguments: [
        ("func dismiss()", "dismiss()", "`CommunicationCenter`'s own `dismiss()`"),
        (
            "func navigate(to route: String) -> HostNavigationOutcome", "navigate(to:)",
            "`CommunicationCenter`'s own `navigate(to:)`"
        ),
        (
            "func fill(_ slot: String, with view: AnyObject)", "fill(_:with:)",
            "`CommunicationCenter`'s own `fill(_:with:)`"
        ),
        ("func present(_ screen: AnyObject)", "present(_:)", "`CommunicationCenter`'s own `present(_:)`"),
        ("func showAlert(_ alert: HostAlert)", "showAlert(_:)", "`CommunicationCenter`'s own `showAlert(_:)`"),
        ("var quietly: Bool? { get }", "quietly", "`CommunicationCenter`'s own `quietly`"),
        ("var owner: String? { get }", "owner", "`CommunicationCenter`'s own `owner`"),
        (
            "func hostDidEnterBackground()", "hostDidEnterBackground()",
            "the `CommunicationCenter` member `hostDidEnterBackground()` (from HostEventConversation)"
        ),
    ])
    func aMessageNamedLikeACenterMemberIsRefusedAtItsLine(member: String, name: String, taken: String) {
        let plan = plan("protocol Sheet: Conversation {\n    func other()\n    \(member)\n}")
        #expect(
            diagnostics(of: plan) == [
                "3: error: `\(name)` is \(taken), which takes every call on the center, so its relay could never "
                    + "reach a controller: rename the message"
            ])
        #expect(plan.conversations.map { $0.relays.map(\.requirement.messageName) } == [["other()"]])
        #expect(plan.conversations.map(\.isComplete) == [false])
    }

    @Test(arguments: [
        "func dismiss(animated: Bool)", "func navigate(_ route: String)", "func present(_ screen: AnyObject, at: Int)",
        "func send(_ text: String)", "func ups()", "func owner()",
        // The full name, but other types: an overload the center does not witness.
        "func present(_ text: String)", "func send(_ text: String, _ count: Int)", "func navigate(to screen: Int)",
        "func showAlert(_ text: String)", "func fill(_ slot: Int, with value: Int)", "func prepare(_ count: Int)",
        "func hostSizeWillChange(to width: Double)", "func dismiss() -> Bool?",
        "func navigate(to route: String) -> Bool?",
    ])
    func anOverloadOfACenterMemberByLabelsOrTypesIsRelayed(member: String) {
        let plan = plan("protocol Sheet: Conversation {\n    \(member)\n}")
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.map(\.isComplete) == [true])
        #expect(plan.conversations.map(\.relays.count) == [1])
    }

    @Test func aMemberOfAnExtensionOfTheCenterInTheTargetTakesTheNameToo() {
        let plan = plan([
            "/s/Center.swift":
                "extension CommunicationCenter {\n    func refresh() {}\n    private func hidden() {}\n}",
            "/s/Sheet.swift": "protocol Sheet: Conversation {\n    func refresh()\n    func hidden()\n}",
        ])
        #expect(
            diagnostics(of: plan) == [
                "2: error: `refresh()` is the `CommunicationCenter` member `refresh()` (from its extension at "
                    + "Center.swift:1), which takes every call on the center, so its relay could never reach a "
                    + "controller: rename the message"
            ])
    }

    @Test func aDependencysInternalExtensionOfTheCenterIsNotSeen() {
        let plan = plan(
            ["/s/Sheet.swift": "protocol Sheet: Conversation {\n    func refresh()\n    func reload()\n}"],
            dependencies: [
                "/d/Center.swift":
                    "extension CommunicationCenter {\n    func refresh() {}\n    public func reload() {}\n}"
            ])
        #expect(plan.diagnostics.map(\.line) == [3])
    }

    @Test func theSecondConversationDeclaringAMessageIsRefusedNamingTheFirst() {
        let plan = plan([
            "/s/A.swift": "protocol A: Conversation {\n    func refresh()\n}",
            "/s/B.swift": "protocol B: Conversation {\n    func load()\n    func refresh()\n}",
        ])
        #expect(
            plan.diagnostics.map(\.description) == [
                "/s/B.swift:3: error: `refresh()` is also a message of `A` (A.swift:2), and the center, which speaks "
                    + "both, can relay only one `refresh()`: rename one of them"
            ])
        #expect(plan.conversations.map(\.isComplete) == [true, false])
        #expect(plan.conversations.map { $0.relays.map(\.requirement.messageName) } == [["refresh()"], ["load()"]])
    }

    @Test(arguments: [
        // Overloads by type, generic overloads, and questions that differ in their answer.
        ("func priceDidChange(_ cents: Int)", "func priceDidChange(_ label: String)"),
        ("func scale<T: Numeric>(_ x: T)", "func scale<T: StringProtocol>(_ x: T)"),
        ("func title() -> String?", "func title() -> Int?"),
    ])
    func messagesOfOneNameWithOtherSignaturesInTwoConversationsAreRelayed(first: String, second: String) {
        let plan = plan([
            "/s/A.swift": "protocol A: Conversation {\n    \(first)\n}",
            "/s/B.swift": "protocol B: Conversation {\n    \(second)\n}",
        ])
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.map(\.isComplete) == [true, true])
    }

    /// A relay of the restatement's own would be the more specific default, which Swift takes for
    /// every call on the center: the controllers that speak only `BaseScroll` would never hear it.
    @Test func aMessageAConversationRestatesIsLeftToTheRelayOfTheOneItRefines() {
        let plan = plan([
            "/s/A.swift": "protocol BaseScroll: Conversation {\n    func scrollDidEnd()\n}",
            "/s/B.swift": "protocol FancyScroll: BaseScroll {\n    func scrollDidEnd()\n    func scrollDidZoom()\n}",
        ])
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.map(\.isComplete) == [true, true])
        #expect(
            plan.conversations.map { $0.relays.map(\.requirement.messageName) } == [
                ["scrollDidEnd()"], ["scrollDidZoom()"],
            ])
    }

    /// A global actor makes another closure type, and so another message, which the refined
    /// conversation's relay would not witness.
    @Test func aMessageOfOneNameWithAnotherClosureTypeIsNoRestatement() {
        let plan = plan([
            "/s/A.swift": "protocol BaseScroll: Conversation {\n    func scrollDidEnd(_ then: () -> Void)\n}",
            "/s/B.swift": "protocol FancyScroll: BaseScroll {\n    func scrollDidEnd(_ then: @MainActor () -> Void)\n}",
        ])
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.map(\.relays.count) == [1, 1])
    }

    @Test func aRestatementMarkedOtherwiseIsRelayedAsItsParentMarksItWithAWarning() {
        let plan = plan([
            "/s/A.swift": "protocol BaseScroll: Conversation {\n    func scrollDidEnd()\n}",
            "/s/B.swift": "protocol FancyScroll: BaseScroll {\n    /// - Quiet\n    func scrollDidEnd()\n}",
        ])
        #expect(
            diagnostics(of: plan) == [
                "3: warning: `scrollDidEnd()` restates the message of `BaseScroll`, whose relay answers it for both "
                    + "conversations, so it is not quiet, as `BaseScroll` marks it: mark it alike in both"
            ])
    }

    /// The refining conversation's conformance would need the relay refused for its parent: the
    /// refusal stays the one error. A hand-written parent has its own default, so nothing is missing.
    @Test func aRestatedMessageTheParentCannotRelayLeavesTheChildIncomplete() {
        let parent = "protocol BaseScroll: Conversation {\n    func scrollBy(_ offset: inout Int)\n}"
        let child = "protocol FancyScroll: BaseScroll {\n    func scrollBy(_ offset: inout Int)\n}"
        let generated = plan(["/s/A.swift": parent, "/s/B.swift": child])
        #expect(generated.diagnostics.map(\.file) == ["/s/A.swift"])
        #expect(generated.conversations.map(\.isComplete) == [false, false])
        let handWritten = plan([
            "/s/A.swift": parent + "\nextension BaseScroll { func scrollBy(_ offset: inout Int) {} }\n"
                + "extension CommunicationCenter: BaseScroll {}",
            "/s/B.swift": child,
        ])
        #expect(handWritten.diagnostics.isEmpty)
        #expect(handWritten.conversations.map(\.isComplete) == [true])
    }

    /// The refined conversation's relay is written in its own module, where the generator cannot
    /// tell whether this target sees it: the restatement keeps its relay, and the user is told.
    @Test func aMessageRestatedFromAnotherModuleKeepsItsRelayWithAWarning() {
        let plan = plan(
            ["/s/B.swift": "protocol FancyScroll: BaseScroll {\n    func scrollDidEnd()\n}"],
            dependencies: ["/d/A.swift": "public protocol BaseScroll: Conversation {\n    func scrollDidEnd()\n}"])
        #expect(plan.conversations.map { $0.relays.map(\.requirement.messageName) } == [["scrollDidEnd()"]])
        #expect(plan.diagnostics.map(\.severity) == [.warning])
        #expect(plan.diagnostics.first?.message.contains("which another module declares") == true)
    }

    /// A restatement whose types may be one through a typealias keeps its relay, which would take
    /// the calls from the refined conversation's speakers: warned at its line.
    @Test func aMessageThatMayRestateAnotherWithATypealiasIsWarnedAbout() {
        let plan = plan([
            "/s/A.swift": "protocol Nudge: Conversation {\n    func nudge(_ count: Int)\n}",
            "/s/B.swift": "typealias Count = Int\nprotocol FancyNudge: Nudge {\n    func nudge(_ count: Count)\n}",
        ])
        #expect(plan.diagnostics.map(\.severity) == [.warning])
        #expect(plan.diagnostics.map(\.line) == [3])
        #expect(plan.diagnostics.first?.message.contains("may restate the message of `Nudge`") == true)
    }

    /// Surely different types are another message, an overload: nothing to warn about.
    @Test func aMessageOfOneNameWithSurelyOtherTypesIsNoRestatement() {
        let plan = plan([
            "/s/A.swift": "protocol Nudge: Conversation {\n    func nudge(_ count: Int)\n}",
            "/s/B.swift": "protocol FancyNudge: Nudge {\n    func nudge(_ count: [Int])\n}",
        ])
        #expect(plan.diagnostics.isEmpty)
    }

    @Test func messagesInSeparateConditionalBlocksAreLeftToTheCompiler() {
        let plan = plan([
            "/s/A.swift": "protocol A: Conversation {\n#if os(iOS)\n    func layoutDidChange()\n#endif\n}",
            "/s/B.swift": "protocol B: Conversation {\n#if !os(iOS)\n    func layoutDidChange()\n#endif\n}",
        ])
        #expect(plan.diagnostics.isEmpty)
    }

    @Test func overloadsInOneConversationAndMessagesInExclusiveClausesAreNotRefused() {
        let plan = plan([
            "/s/A.swift": "protocol A: Conversation {\n    func f(_ x: Int)\n    func f(_ x: String)\n}",
            "/s/B.swift":
                "#if os(iOS)\nprotocol B: Conversation { func g() }\n#else\nprotocol C: Conversation { func g() }\n#endif",
        ])
        #expect(plan.diagnostics.isEmpty)
    }
}

@Suite struct CenterSignaturesTests {
    /// The declarations a function message is compared with are the kit's own: the requirements
    /// of the host protocols the center conforms to, as written there.
    @Test func theDeclarationsAreTheHostProtocolsRequirementsInTheKit() throws {
        let kit = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../Sources/BCKit/Hosts")
        var found: [String] = []
        for name in ["HostServiceConversation.swift", "HostEventConversation.swift"] {
            let url = kit.appending(path: name)
            let summary = DeclarationReader.read(file: url.path, source: try String(contentsOf: url, encoding: .utf8))
            for declared in summary.protocols {
                found += declared.requirements.filter { $0.shape == .function }.map(SignatureMismatch.declaration(of:))
            }
        }
        #expect(found.sorted() == CenterMembers.declarations.sorted())
        #expect(CenterMembers.signatures.count == CenterMembers.declarations.count)
    }
}
