import Testing

@Suite struct DeclarationReaderTests {
    private func read(_ source: String) -> SourceSummary {
        DeclarationReader.read(file: "/s/File.swift", source: source)
    }

    @Test func aProtocolIsReadWithItsInheritanceAccessAndMembers() throws {
        let summary = read(
            """
            import BCKit

            /// Tells the cart.
            public protocol CartConversation: BCKit.Conversation, Sendable {
                func cartDidChange(count: Int, added goods: Goods)
                func cartWasCleared()
            }
            """)
        let conversation = try #require(summary.protocols.first)
        #expect(conversation.name == "CartConversation")
        #expect(conversation.line == 4)
        #expect(conversation.access == .public)
        #expect(conversation.inherited == ["BCKit.Conversation", "Sendable"])
        #expect(conversation.requirements.map(\.messageName) == ["cartDidChange(count:added:)", "cartWasCleared()"])
        #expect(conversation.requirements.map(\.line) == [5, 6])
        let parameters = conversation.requirements[0].parameters
        #expect(parameters.map(\.label) == ["count", "added"])
        #expect(parameters.map(\.name) == ["count", "goods"])
        #expect(parameters.map(\.type) == ["Int", "Goods"])
    }

    @Test func everySignaturePieceIsKeptAsWritten() throws {
        let summary = read(
            """
            protocol P: Conversation {
                @available(macOS 14, *) @discardableResult
                func title<T: Codable>(for item: T, _: Int) async throws -> [String: T]? where T: Sendable
                func run(_ work: @escaping (Int) -> Void, done: () -> Void, pair: (Int, String), `default`: Int)
                var current: Goods? { get }
                func load(_ value: inout Int, _ rest: Int...) throws(LoadError)
            }
            """)
        let requirements = try #require(summary.protocols.first).requirements
        #expect(requirements.count == 4)
        let title = requirements[0]
        #expect(title.attributes == ["@available(macOS 14, *)", "@discardableResult"])
        #expect(title.genericClause == "<T: Codable>")
        #expect(title.parameters.map(\.label) == ["for", nil])
        #expect(title.parameters.map(\.name) == ["item", nil])
        #expect(title.isAsync)
        #expect(title.throwsClause == "throws")
        #expect(title.type == "[String: T]?")
        #expect(title.whereClause == "where T: Sendable")
        #expect(title.line == 2)
        let run = requirements[1]
        #expect(run.parameters.map(\.type) == ["@escaping (Int) -> Void", "() -> Void", "(Int, String)", "Int"])
        #expect(run.parameters.map(\.isNonEscapingClosure) == [false, true, false, false])
        #expect(run.parameters[3].label == "`default`")
        #expect(requirements[2].shape == .property)
        #expect(requirements[2].type == "Goods?")
        #expect(requirements[2].accessors == ["get"])
        let load = requirements[3]
        #expect(load.parameters.map(\.isInout) == [true, false])
        #expect(load.parameters.map(\.isVariadic) == [false, true])
        #expect(load.throwsClause == "throws(LoadError)")
    }

    @Test func membersUnderIfKeepTheirClauses() throws {
        let summary = read(
            """
            protocol P: Conversation {
                func always()
                #if DEBUG
                func debugOnly()
                #elseif os(iOS)
                func phoneOnly()
                #else
                func otherwise()
                #endif
            }
            """)
        let requirements = try #require(summary.protocols.first).requirements
        #expect(requirements.map(\.name) == ["always", "debugOnly", "phoneOnly", "otherwise"])
        #expect(
            requirements.map { $0.conditions.flatMap(\.openingLines) } == [
                [], ["#if DEBUG"], ["#if DEBUG", "#elseif os(iOS)"], ["#if DEBUG", "#elseif os(iOS)", "#else"],
            ])
    }

    @Test func aProtocolUnderIfKeepsItsClause() throws {
        let summary = read("#if canImport(UIKit)\nimport UIKit\nprotocol P: Conversation { func a() }\n#endif")
        #expect(
            summary.protocols.first?.conditions == [ConditionFrame(earlierClauses: [], clause: "#if canImport(UIKit)")])
        #expect(summary.imports.first?.conditions.count == 1)
    }

    @Test func unreadableMembersAreKeptAsSuch() throws {
        let summary = read(
            """
            protocol P: Conversation {
                func ok()
                subscript(index: Int) -> Int { get }
                associatedtype Element
                func broken(x)
                !!
                func after()
            }
            """)
        let requirements = try #require(summary.protocols.first).requirements
        #expect(requirements.map(\.line) == [2, 3, 4, 5, 6, 7])
        #expect(requirements[1].shape == .other("subscript"))
        #expect(requirements[2].shape == .other("associatedtype"))
        #expect(requirements[3].shape == .unreadable("a parameter without a type"))
        #expect(requirements[4].shape == .unreadable("`!`"))
        #expect(requirements[5].name == "after")
    }

    @Test func whereSelfConstraintsCountAsRefinements() throws {
        let summary = read("protocol P: AnyObject where Self: Conversation & Sendable { }")
        #expect(summary.protocols.first?.refined == ["AnyObject", "Conversation", "Sendable"])
    }

    @Test func typesAndExtensionsKeepTheirConformancesAndMembers() {
        let summary = read(
            """
            final class Badge: StubController, @unchecked Sendable, CartConversation {
                weak var owner: Owner?
                private(set) var badge = ""
                func cartDidChange(count: Int) { let s = "}"; badge = s }
                static func make() -> Badge { Badge() }
                struct Inner: Equatable { func hidden() {} }
            }
            extension Badge: GoodsConversation where Self: AnyObject {
                func goodsDidChange(_ goods: Goods) {}
            }
            """)
        #expect(summary.types.map(\.name) == ["Badge.Inner", "Badge", "Badge"])
        let badge = summary.types[1]
        #expect(badge.inherited == ["StubController", "Sendable", "CartConversation"])
        #expect(badge.members.map(\.fullName) == ["owner", "badge", "cartDidChange(count:)", "make()"])
        #expect(badge.members.map(\.isStatic) == [false, false, false, true])
        #expect(summary.types[2].kind == .extension)
        #expect(summary.types[2].hasWhereClause)
        #expect(summary.types[2].members.map(\.nameLine) == [9])
    }

    @Test func localTypesInBodiesAreRead() {
        let summary = read(
            """
            func test() {
                final class Local: CartConversation {
                    func cartDidChang(count: Int) {}
                }
                let x = value.class
            }
            """)
        #expect(summary.types.map(\.name) == ["Local"])
        #expect(summary.types.first?.members.map(\.fullName) == ["cartDidChang(count:)"])
    }

    @Test func importsKeepAttributesAccessAndKind() {
        let summary = read("@preconcurrency public import Foundation\nimport struct Shop.Goods\nimport BCKit")
        #expect(
            summary.imports.map { [$0.attributes.joined(), $0.access?.keyword ?? "", $0.kind ?? "", $0.path] } == [
                ["@preconcurrency", "public", "", "Foundation"], ["", "", "struct", "Shop.Goods"],
                ["", "", "", "BCKit"],
            ])
        #expect(summary.imports.map(\.module) == ["Foundation", "Shop", "BCKit"])
    }

    @Test func aTypealiasOfTypeNamesIsReadWithWhatItComposes() {
        let summary = read(
            """
            typealias Parts = BusinessController & Shop.CartConversation
            typealias One = NoteConversation
            print(One.self)
            typealias Closure = () -> Void
            typealias Generic<T> = Box<T>
            typealias Existential = any CartConversation
            typealias Split = BusinessController &
                CartConversation
            """)
        #expect(
            summary.typeAliases == [
                "Parts": ["BusinessController", "Shop.CartConversation"], "One": ["NoteConversation"],
                "Split": ["BusinessController", "CartConversation"],
            ])
    }

    @Test func nestedProtocolsAreQualified() {
        let summary = read("enum Screen { protocol Events: Conversation { func a() } }")
        #expect(summary.protocols.map(\.name) == ["Screen.Events"])
    }

    @Test func markersBeforeAMemberAreRead() throws {
        let summary = read(
            """
            /// - Quiet
            protocol P: Conversation {
                /// Kept for latecomers.
                /// - Retained
                func a(_ x: Int)
            }
            """)
        let conversation = try #require(summary.protocols.first)
        #expect(conversation.markers == [.quiet])
        #expect(conversation.requirements.first?.markers == [.retained])
    }

    /// Only the doc comment a declaration carries marks it, as DocC reads it: a trailing comment
    /// of the line before belongs to the member written there, and a plain `/* */` that comments out
    /// a member, doc comment and all, documents nothing.
    @Test func onlyTheDocCommentRightBeforeAMemberMarksIt() throws {
        let summary = read(
            """
            protocol P: Conversation {
                func a(count: Int) // - Quiet: nobody needs to hear it
                func b()
                func c() /// - Quiet
                func d()
                /*
                /// - Retained
                func gone(id: Int)
                */
                func e(total: Int)
            }
            final class C {
                func f() // - NotAMessage
                func g() {}
            }
            """)
        let conversation = try #require(summary.protocols.first)
        #expect(conversation.requirements.map(\.markers) == [[], [], [], [], []])
        #expect(summary.types.first?.members.map(\.markers) == [[], []])
    }

    @Test func aMarkerBetweenTheAttributesAndTheKeywordMarksTheDeclaration() throws {
        let summary = read(
            """
            @available(*, deprecated)
            /// - Quiet
            public protocol P: Conversation {
                @available(*, deprecated)
                /// - Retained
                func a(_ x: Int)
                @MainActor nonisolated
                /// - Quiet
                func b()
            }
            final class C {
                @objc
                /// - NotAMessage
                func c() {}
            }
            """)
        let conversation = try #require(summary.protocols.first)
        #expect(conversation.markers == [.quiet])
        #expect(conversation.requirements.map(\.markers) == [[.retained], [.quiet]])
        #expect(summary.types.first?.members.map(\.markers) == [[.notAMessage]])
    }

    @Test func slipsBeforeAMemberOrAProtocolAreReadWithTheirLines() throws {
        let summary = read(
            """
            /// - Qiet
            protocol P: Conversation {
                @available(*, deprecated)
                /// - Retain
                func a(_ x: Int)
            }
            """)
        let conversation = try #require(summary.protocols.first)
        #expect(conversation.markerSlips == [Marker.Slip(line: 1, written: "- Qiet", meant: .quiet)])
        #expect(
            conversation.requirements.first?.markerSlips == [
                Marker.Slip(line: 4, written: "- Retain", meant: .retained)
            ])
    }

    @Test func topLevelCodeAndOddTokensDoNotStopTheReader() {
        let summary = read(
            """
            let owner = Owner(name: "Shop")
            if owner.isEmpty { struct Local: P {} }
            }}} #endif
            protocol After: Conversation { func a() }
            """)
        #expect(summary.protocols.map(\.name) == ["After"])
        #expect(summary.types.map(\.name) == ["Local"])
    }
}
