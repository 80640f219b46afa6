import Foundation
import Testing

@Suite struct RelayPlanTests {
    @Test func onlyTheTargetsOwnConversationsAreGenerated() {
        let plan = plan(
            ["/s/Own.swift": "protocol Own: Conversation { func a() }\nprotocol NotOne: AnyObject { func b() }"],
            dependencies: ["/d/Theirs.swift": "public protocol Theirs: Conversation { func c() }"])
        #expect(plan.conversations.map(\.declaration.name) == ["Own"])
    }

    /// A protocol that refines a conversation and `BusinessController` is a role of controllers:
    /// the center cannot conform to it, and the conversations it composes are relayed on their own.
    @Test func aControllerRoleComposingConversationsIsNotRelayedItself() {
        let plan = plan([
            "/s/Roles.swift": """
            protocol TypingConversation: Conversation { func peerDidType() }
            protocol ChatPart: BusinessController, TypingConversation {}
            protocol Kept: RestorableController, TypingConversation {}
            protocol Bound: TypingConversation where Self: BCKit.BusinessController {}
            protocol Deeper: ChatPart {}
            final class Dots: ChatPart { weak var owner: Owner?; func peerDidType() {} }
            """
        ])
        #expect(plan.conversations.map(\.declaration.name) == ["TypingConversation"])
        #expect(plan.diagnostics.isEmpty)
    }

    @Test func aConversationRefiningAnotherIsOneInTheTargetOrInADependency() {
        let plan = plan(
            [
                "/s/A.swift": "protocol Child: Parent { func child() }",
                "/s/B.swift": "protocol Parent: Conversation { func parent() }",
                "/s/C.swift": "protocol Grandchild: Child, Sendable { func grandchild() }",
                "/s/D.swift": "protocol OfTheKit: HostEventConversation { func appeared() }",
                "/s/E.swift": "protocol Deep: BCKit.Conversation { func deep() }",
            ],
            dependencies: ["/d/Host.swift": "public protocol HostEventConversation: Conversation { func x() }"])
        #expect(plan.conversations.map(\.declaration.name) == ["Child", "Parent", "Grandchild", "OfTheKit", "Deep"])
        #expect(
            plan.conversations.map { $0.relays.map(\.requirement.name) } == [
                ["child"], ["parent"], ["grandchild"], ["appeared"], ["deep"],
            ])
    }

    /// A chat app may call its own model `Conversation`: then a bare `Conversation` names that one,
    /// and only `BCKit.Conversation` names the kit's, as the compiler reads them.
    @Test func aTargetsOwnProtocolNamedConversationIsNotTheKits() {
        let plan = plan(
            """
            protocol Conversation: AnyObject {
                var title: String { get }
            }
            protocol GroupConversation: Conversation {
                func mute()
            }
            protocol InboxConversation: BCKit.Conversation {
                func inboxDidChange(unread: Int)
            }
            """)
        #expect(plan.conversations.map(\.declaration.name) == ["InboxConversation"])
        #expect(plan.diagnostics.isEmpty)
    }

    /// The kit's own sources are read as a dependency inside BCKit's package: its `Conversation`
    /// declares the relay's `forward` requirements, so a bare `Conversation` still names it.
    @Test func theKitsOwnConversationReadAsADependencyIsStillTheRoot() throws {
        let kit = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "../../Sources/BCKit/Conversations/Conversation.swift")
        let plan = plan(
            ["/s/P.swift": "protocol CartConversation: Conversation {\n func cartWasCleared()\n}"],
            dependencies: [kit.path: try String(contentsOf: kit, encoding: .utf8)])
        #expect(plan.conversations.map(\.declaration.name) == ["CartConversation"])
    }

    @Test func aHandWrittenConversationGetsNothingAndMixesWithGeneratedOnes() {
        let plan = plan([
            "/s/Hand.swift": """
            protocol Hand: Conversation { func a() }
            extension Hand {
                func a() { relay((any Hand).self) { $0.a() } }
            }
            extension CommunicationCenter: Hand {}
            """,
            "/s/Generated.swift": "protocol Generated: Conversation { func b() }",
        ])
        #expect(plan.conversations.map(\.declaration.name) == ["Generated"])
        #expect(plan.diagnostics.isEmpty)
    }

    @Test func aHandWrittenConversationsMessageWithoutADefaultIsAnErrorThatGivesTheDefault() {
        let plan = plan([
            "/s/Hand.swift": """
            protocol Hand: Conversation {
                func a()
                func b(count: Int)
            }
            extension Hand {
                func a() { relay((any Hand).self) { $0.a() } }
            }
            extension CommunicationCenter: Hand {}
            """
        ])
        #expect(
            diagnostics(of: plan) == [
                "3: error: `b(count:)` has no relaying default: `Hand` is written by hand (`extension "
                    + "CommunicationCenter: Hand` at Hand.swift:8), so add `func b(count: Int) { relay((any Hand).self, "
                    + #"message: "b(count:)") { $0.b(count: count) } }` to its extension, or delete the hand-written "#
                    + "conformance and defaults to let the relay plugin write them"
            ])
        #expect(plan.conversations.isEmpty)
    }

    @Test func aDefaultInAParentOrOnTheCenterCountsForAHandWrittenConversation() {
        let plan = plan(
            [
                "/s/Hand.swift": """
                protocol Hand: Parent { func a(); func b() }
                extension CommunicationCenter: Hand {}
                extension CommunicationCenter { func b() {} }
                """
            ],
            dependencies: [
                "/d/Parent.swift": "public protocol Parent: Conversation {}\nextension Parent { func a() {} }"
            ])
        #expect(plan.diagnostics.isEmpty)
    }

    @Test func handWrittenDefaultsWithoutTheConformanceAreDeclaredBothWays() {
        let plan = plan([
            "/s/Both.swift": """
            protocol Both: Conversation { func a(); func b() }
            extension Both {
                func a() { relay((any Both).self) { $0.a() } }
            }
            extension Both where Self: Sendable {
                func b() {}
            }
            """
        ])
        #expect(plan.conversations.isEmpty)
        #expect(plan.diagnostics.map(\.line) == [3])
        #expect(plan.diagnostics.first?.severity == .error)
        #expect(
            plan.diagnostics.first?.message.hasPrefix("`Both` is declared both ways: `a()` has a relaying default")
                == true)
        #expect(plan.diagnostics.first?.message.contains("add `extension CommunicationCenter: Both {}`") == true)
    }

    @Test func aConvenienceOverloadIsNotAHandWrittenDefault() {
        let plan = plan(
            """
            protocol CartConversation: Conversation { func cartDidChange(count: Int) }
            extension CartConversation {
                func cartDidChange(count: Double) { cartDidChange(count: Int(count)) }
            }
            """)
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.conversations.map(\.relays.count) == [1])
    }

    @Test(arguments: [
        (
            "private protocol P: Conversation { func a() }",
            "`P` is private, so the relay plugin's generated file cannot see it"
        ),
        ("fileprivate protocol P: Conversation { func a() }", "`P` is fileprivate"),
        (
            "private enum Hidden {\n protocol P: Conversation { func a() } }",
            "`Hidden.P` is nested in a private type or extension, so the relay plugin's generated file cannot see it"
        ),
        (
            "final class B {}\nprivate extension B {\n protocol P: Conversation { func a() } }",
            "`B.P` is nested in a private type or extension"
        ),
        (
            "fileprivate enum Outer {\n public enum Inner {\n protocol P: Conversation { func a() } } }",
            "`Outer.Inner.P` is nested in a fileprivate type or extension"
        ),
        ("protocol P<T>: Conversation { func a() }", "a conversation cannot have primary associated types"),
        (
            "/// - Retained\nprotocol P: Conversation { func a() }",
            "`/// - Retained` marks a message, not a conversation"
        ),
    ])
    func aConversationThatCannotBeRelayedIsAnErrorAtItsLine(source: String, error: String) throws {
        let plan = plan(source)
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(diagnostic.line == source.split(separator: "\n").count)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix(error), "\(diagnostic.message)")
        #expect(plan.conversations.isEmpty)
    }

    @Test func aConversationUnderIfCarriesItsClausesToItsErrors() throws {
        let plan = plan("#if DEBUG\nprotocol P: Conversation {\n #if os(iOS)\n func f() -> Int\n #endif\n}\n#endif")
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(diagnostic.conditions.flatMap(\.openingLines) == ["#if DEBUG", "#if os(iOS)"])
    }

    // MARK: - Retained names

    @Test func retainedOverloadsAreAnErrorAtTheSecondThatNamesTheFirst() throws {
        let plan = plan(
            """
            protocol Overloaded: Conversation {
                /// - Retained
                func priceDidChange(_ cents: Int)
                /// - Retained
                func priceDidChange(_ label: String)
            }
            """)
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(plan.diagnostics.count == 1)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.line == 5)
        #expect(diagnostic.message.hasPrefix("a retained message is kept by its name"), "\(diagnostic.message)")
        #expect(diagnostic.message.contains("`\(functionName("priceDidChange", "_"))`"))
        #expect(diagnostic.message.contains("`func priceDidChange(_ cents: Int)` on line 3"))
        #expect(diagnostic.message.contains("Rename one of them"))
    }

    @Test func eachLaterRetainedOverloadNamesTheFirst() {
        let plan = plan(
            """
            protocol Overloaded: Conversation {
                /// - Retained
                func price(_ cents: Int)
                /// - Retained
                func price(_ label: String)
                /// - Retained
                func price(_ amount: Double)
            }
            """)
        #expect(plan.diagnostics.map(\.line) == [5, 7])
        #expect(plan.diagnostics.allSatisfy { $0.message.contains("`func price(_ cents: Int)` on line 3") })
    }

    /// Overloads the kit never keeps under one key: only a retained message is kept, by its
    /// conversation and its name (labels included), and only the overloads compiled together meet.
    @Test(arguments: [
        "/// - Retained\n func a(_ x: Int)\n func a(_ x: String)",
        "func a(_ x: Int)\n /// - Retained\n func a(_ x: String)",
        "/// - Retained\n func a(_ x: Int)\n /// - Retained\n func a(label x: String)",
        "/// - Retained\n func a(_ x: Int)\n /// - Retained\n func b(_ x: Int)",
        "#if os(iOS)\n /// - Retained\n func a(_ x: Int)\n #else\n /// - Retained\n func a(_ x: String)\n #endif",
        "#if A\n #elseif B\n /// - Retained\n func a(_ x: Int)\n #else\n /// - Retained\n func a(_ x: String)\n #endif",
    ])
    func overloadsThatNeverShareARetainedKeyAreRelayed(members: String) {
        let plan = plan("protocol Q: Conversation {\n\(members)\n}")
        #expect(plan.diagnostics.isEmpty, "\(diagnostics(of: plan))")
        #expect(plan.conversations.first?.relays.count == 2)
        #expect(plan.conversations.first?.isComplete == true)
    }

    @Test func retainedOverloadsInTwoIfsAreReportedWhereBothAreCompiled() throws {
        let plan = plan(
            """
            protocol Q: Conversation {
                #if DEBUG
                /// - Retained
                func a(_ x: Int)
                #endif
                #if os(iOS)
                /// - Retained
                func a(_ x: String)
                #endif
            }
            """)
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(diagnostic.line == 8)
        #expect(diagnostic.conditions.flatMap(\.openingLines) == ["#if DEBUG", "#if os(iOS)"])
    }

    @Test func retainedOverloadsUnderOneIfAreReportedUnderIt() throws {
        let plan = plan(
            """
            protocol Q: Conversation {
                #if DEBUG
                /// - Retained
                func a(_ x: Int)
                /// - Retained
                func a(_ x: String)
                #endif
            }
            """)
        let diagnostic = try #require(plan.diagnostics.first)
        #expect(diagnostic.line == 6)
        #expect(diagnostic.conditions.flatMap(\.openingLines) == ["#if DEBUG"])
    }

    // MARK: - Imports

    /// A plain import stays plain whatever the conversation's level: widened to `public import
    /// Foundation`, it would warn that it is not used in public declarations.
    @Test func theImportsOfTheConversationsFilesComeAlongAsTheyAreWritten() {
        let plan = plan([
            "/s/A.swift": "import BCKit\nimport Foundation\nprotocol A: Conversation { func a(_ url: URL) }",
            "/s/B.swift": "import BCKit\nimport Model\npublic protocol B: Conversation { func b(_ goods: Goods) }",
            "/s/C.swift": "import BCKit\nimport Shared\npackage protocol C: Conversation { func c() }",
            "/s/D.swift": "import Unrelated\nfinal class D {}",
        ])
        #expect(plan.imports == ["import BCKit", "import Foundation", "import Model", "import Shared"])
    }

    @Test func aPublicConversationInAFileImportingFoundationPlainlyImportsItPlainly() {
        let plan = plan(
            """
            import BCKit
            import Foundation
            public protocol GalleryConversation: Conversation { func galleryDidPage(to index: Int) }
            """)
        #expect(plan.imports == ["import BCKit", "import Foundation"])
    }

    /// One import spelled two ways by two declaring files: the generated file needs what the
    /// wider spelling gives, in the mode the target compiles in, and no level a plain import of
    /// another file would clash with where the feature is off.
    @Test(arguments: [
        ("public import Shared", "public import Shared"),
        (
            "package import Shared",
            "#if hasFeature(InternalImportsByDefault)\npackage import Shared\n#else\nimport Shared\n#endif"
        ),
        ("internal import Shared", "import Shared"),
    ])
    func anImportWrittenPlainlyInOneFileAndWithALevelInAnotherTakesTheWiderOne(written: String, generated: String) {
        let plan = plan([
            "/s/A.swift": "public import BCKit\n\(written)\npublic protocol A: Conversation { func a() }",
            "/s/B.swift": "import BCKit\nimport Shared\nprotocol B: Conversation { func b() }",
        ])
        #expect(plan.imports == ["public import BCKit", generated])
    }

    /// BCKit added for a file that does not import it (it reaches the kit through a re-export):
    /// plain where plain imports are public, at the conversation's level where they are internal.
    @Test(arguments: [
        ("public", "#if hasFeature(InternalImportsByDefault)\npublic import BCKit\n#else\nimport BCKit\n#endif"),
        ("package", "#if hasFeature(InternalImportsByDefault)\npackage import BCKit\n#else\nimport BCKit\n#endif"),
        ("internal", "import BCKit"),
    ])
    func bcKitAddedForAConversationTakesItsLevelOnlyWhereTheFeatureIsOn(access: String, generated: String) {
        #expect(plan("\(access) protocol A: Conversation { func a() }").imports == [generated])
    }

    @Test func anImportWrittenWithALevelKeepsIt() {
        let plan = plan([
            "/s/A.swift": """
            @preconcurrency internal import Foundation
            public import BCKit
            import struct Model.Goods
            @_exported import Shared
            protocol A: Conversation { func a() }
            """
        ])
        #expect(
            plan.imports == [
                "public import BCKit", "@preconcurrency internal import Foundation", "import struct Model.Goods",
                "import Shared",
            ])
    }

    @Test func anImportUnderIfKeepsItsClausesAndBCKitIsAlwaysImported() {
        let plan = plan([
            "/s/A.swift": "#if canImport(UIKit)\nimport UIKit\n#endif\nprotocol A: Conversation { func a() }"
        ])
        #expect(plan.imports == ["import BCKit", "#if canImport(UIKit)\nimport UIKit\n#endif"])
    }

    /// The imports come from a dictionary, whose order follows the process's hash seed: two
    /// spellings of one import that differ by an attribute alone must still sort one way.
    @Test func importsThatDifferByAnAttributeAloneSortOneWay() {
        let plain = RelayPlan.ImportKey(attributes: [], kind: nil, path: "Foundation", conditions: [])
        var preconcurrency = plain
        preconcurrency.attributes = ["@preconcurrency"]
        #expect([plain, preconcurrency].sorted() == [preconcurrency, plain].sorted())
    }

    @Test func aTargetWithNoConversationsImportsNothing() {
        #expect(plan(["/s/A.swift": "import BCKit\nfinal class A {}"]).imports.isEmpty)
    }
}

@Suite struct MarkerSlipTests {
    @Test func aSlipBeforeAMessageOrAConversationIsAWarningAtItsLineAndTheMessageStaysUnmarked() {
        let plan = plan(
            """
            /// - quiet
            protocol P: Conversation {
                /// Kept for latecomers.
                /// - Retain
                func a(_ x: Int)
                /// * Quiet
                func b()
            }
            """)
        #expect(
            diagnostics(of: plan) == [
                "1: warning: `- quiet` is not a marker the relay plugin knows, so the messages of `P` are not "
                    + "quiet: write `/// - Quiet`, or reword the line",
                "4: warning: `- Retain` is not a marker the relay plugin knows, so `a(_:)` is not retained: write "
                    + "`/// - Retained`, or reword the line",
                "6: warning: `* Quiet` is not a marker the relay plugin knows, so `b()` is not quiet: write "
                    + "`/// - Quiet`, or reword the line",
            ])
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains("relayRetained") })
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains(".quiet(") })
    }

    /// A protocol is never retained (`- Retained` on one is an error), so a tag like it above a
    /// protocol changes nothing and is not reported; a quiet one would have quieted every message.
    @Test func aRetainedSlipAboveAConversationIsNotReported() {
        let plan = plan(
            """
            /// - Retain
            protocol P: Conversation {
                func a()
            }
            /// * Retained
            protocol Q: Conversation {
                func b()
            }
            """)
        #expect(diagnostics(of: plan).isEmpty)
    }

    /// A plain comment documents nothing, so a marker in it marks nothing, as in DocC; it once did,
    /// and `// - Retained` would now leave the message silently not retained, so it is a warning at
    /// its line. A comment trailing the line before is that line's, and a `/* */` that comments out
    /// a message, doc comment and all, is code: neither says anything of the message after it.
    @Test func aMarkerInAPlainCommentMarksNothingAndIsAWarningAtItsLine() {
        let plan = plan(
            """
            // - Quiet
            protocol P: Conversation {
                // Kept for latecomers.
                // - Retained
                func a(_ x: Int)
                @MainActor
                /* - Quiet: nobody needs it */
                func b()
                func c(count: Int) // - Quiet
                // - NotAMessage
                func d()
                /*
                /// - Retained
                func gone(id: Int)
                */
                func e(total: Int)
                /* - Retained
                func old() */
                func f()
            }
            // - Retained
            protocol Q: Conversation {
                func g()
            }
            """)
        let message = { (written: String, effect: String, marker: String) in
            "`\(written)` is in a plain comment, which marks nothing, so \(effect): write it in a doc comment, "
                + "`/// - \(marker)`"
        }
        #expect(
            diagnostics(of: plan) == [
                "1: warning: " + message("// - Quiet", "the messages of `P` are not quiet", "Quiet"),
                "4: warning: " + message("// - Retained", "`a(_:)` is not retained", "Retained"),
                "7: warning: " + message("/* - Quiet: nobody needs it */", "`b()` is not quiet", "Quiet"),
            ])
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains("relayRetained") })
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains(".quiet(") })
    }

    /// DocC gives a doc comment before `#if` to no declaration, and neither does the plugin: the
    /// marker would be dropped without a word, so it is a warning at its line under the `#if`'s own
    /// clauses, and the message stays unmarked.
    @Test func aMarkerBeforeAnIfMarksNothingAndIsAWarningAtItsLine() {
        let plan = plan(
            """
            #if DEBUG
            protocol P: Conversation {
                /// Restored.
                ///
                /// - Retained
                #if os(Linux)
                func a(id: Int)
                /// - Quiet
                #endif
            }
            #endif
            """)
        let message = { (marker: String, directive: String) in
            "`/// - \(marker)` is written before `\(directive)`, so it marks nothing: a marker marks only the "
                + "declaration right after it; move it inside the `#if`, just above the declaration (in each clause "
                + "that declares it)"
        }
        #expect(
            diagnostics(of: plan) == [
                "5: warning: " + message("Retained", "#if"), "8: warning: " + message("Quiet", "#endif"),
            ])
        #expect(plan.diagnostics.first?.conditions.flatMap(\.openingLines) == ["#if DEBUG"])
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains("relayRetained") })
    }

    @Test func aMarkerBeforeAnIfAroundADeclarationOutsideAProtocolIsAWarningToo() {
        let plan = plan(
            """
            /// - Quiet
            #if DEBUG
            protocol P: Conversation {
                func a()
            }
            #endif
            """)
        #expect(
            diagnostics(of: plan) == [
                "1: warning: `/// - Quiet` is written before `#if`, so it marks nothing: a marker marks only the "
                    + "declaration right after it; move it inside the `#if`, just above the declaration (in each "
                    + "clause that declares it)"
            ])
        #expect(plan.diagnostics.first?.conditions == [])
    }

    /// A plain comment before a directive documents nothing twice over: `// - Retained` there once
    /// looked like it marked the message inside the `#if`, so it is one warning at its line, which
    /// says both why it marks nothing and where the doc comment goes.
    @Test func aMarkerInAPlainCommentBeforeADirectiveMarksNothingAndIsOneWarningAtItsLine() {
        let plan = plan(
            """
            protocol P: Conversation {
                // - Retained
                #if DEBUG
                func a(id: Int)
                /* - Quiet */
                #elseif os(Linux)
                func a(id: Int)
                // Only on Linux.
                // - NotAMessage
                #else
                func a(id: Int)
                // - Retained
                #endif
            }
            // - Quiet
            #if DEBUG
            protocol Q: Conversation {
                func b()
            }
            #endif
            """)
        let message = { (written: String, marker: String, directive: String) in
            "`\(written)` is in a plain comment before `\(directive)`, so it marks nothing: a marker marks only the "
                + "declaration right after it, in its doc comment; write `/// - \(marker)` inside the `#if`, just "
                + "above the declaration (in each clause that declares it)"
        }
        #expect(
            diagnostics(of: plan) == [
                "2: warning: " + message("// - Retained", "Retained", "#if"),
                "5: warning: " + message("/* - Quiet */", "Quiet", "#elseif"),
                "9: warning: " + message("// - NotAMessage", "NotAMessage", "#else"),
                "12: warning: " + message("// - Retained", "Retained", "#endif"),
                "15: warning: " + message("// - Quiet", "Quiet", "#if"),
            ])
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains("relayRetained") })
        #expect(plan.conversations.flatMap(\.relays).map(\.code).allSatisfy { !$0.contains(".quiet(") })
    }

    /// A misspelled marker before a directive is wrong twice: respelling it alone would still mark
    /// nothing, so its one warning names the marker it reads like and where that goes.
    @Test func aMisspelledMarkerBeforeADirectiveIsOneWarningNamingTheMarkerMeant() {
        let plan = plan(
            """
            protocol P: Conversation {
                /// - Retaind
                #if DEBUG
                func a(id: Int)
                /// - quiet
                #elseif os(Linux)
                func a(id: Int)
                /// Only on Linux.
                ///
                /// * Retained
                #else
                func a(id: Int)
                /// - Qiet
                #endif
            }
            /// - NotAMesage
            #if DEBUG
            protocol Q: Conversation {
                func b()
            }
            #endif
            """)
        let message = { (written: String, marker: String, directive: String) in
            "`\(written)` is not a marker the relay plugin knows, and is written before `\(directive)`, where "
                + "`/// - \(marker)` would mark nothing either: a marker marks only the declaration right after it; "
                + "write `/// - \(marker)` inside the `#if`, just above the declaration (in each clause that "
                + "declares it), or reword the line"
        }
        #expect(
            diagnostics(of: plan) == [
                "2: warning: " + message("- Retaind", "Retained", "#if"),
                "5: warning: " + message("- quiet", "Quiet", "#elseif"),
                "10: warning: " + message("* Retained", "Retained", "#else"),
                "13: warning: " + message("- Qiet", "Quiet", "#endif"),
                "16: warning: " + message("- NotAMesage", "NotAMessage", "#if"),
            ])
    }

    /// Prose before a directive, a comment trailing the line before it and a `/* */` that comments
    /// out a message are no markers: the checks before a directive leave them alone, as they do
    /// before a declaration.
    @Test func proseBeforeADirectiveIsNoWarning() {
        let plan = plan(
            """
            protocol P: Conversation {
                // Only in debug builds.
                #if DEBUG
                func a(id: Int) // - Quiet
                /// - Retain the cart for later.
                #elseif os(Linux)
                func a(id: Int)
                /*
                /// - Retained
                func gone(id: Int)
                */
                #else
                func a(id: Int)
                // - Retain
                ///   - retained: Whether it is kept.
                #endif
            }
            """)
        #expect(diagnostics(of: plan).isEmpty)
    }

    @Test func aMarkerAfterAnAttributeLineIsHonoured() {
        let code = relays(
            """
            protocol P: Conversation {
                @available(*, deprecated)
                /// - Retained
                func a(_ x: Int)
            }
            """)
        #expect(code.count == 1)
        #expect(code.first?.contains("relayRetained((any P).self") == true)
    }

    @Test func aSlipInAHandWrittenConversationIsNotReported() {
        let plan = plan(
            """
            protocol P: Conversation {
                /// - Retain
                func a()
            }
            extension P { func a() { relay((any P).self) { $0.a() } } }
            extension CommunicationCenter: P {}
            """)
        #expect(plan.diagnostics.isEmpty)
    }
}
