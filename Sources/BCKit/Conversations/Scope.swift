/// How far a message travels through nested owners.
///
/// A message stays inside the owner it was sent through unless the sender asks for more:
///
/// ```swift
/// // Every owner nested under the page hears about the theme, the page first.
/// page.center.send((any ThemeConversation).self, scope: .broadcastDown) { $0.themeDidChange(.dark) }
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    enum Reach: UInt8, Sendable {
        case local
        case down
        case up
    }

    /// The reach in the low bits, and ``senderExcluded`` above them: one byte, so the send path
    /// tells "this owner, everyone" from every other scope with one comparison.
    @usableFromInline
    let bits: UInt8

    @usableFromInline
    static var senderExcluded: UInt8 { 4 }

    @usableFromInline
    init(_ reach: Reach) {
        self.bits = reach.rawValue
    }

    @usableFromInline
    init(bits: UInt8) {
        self.bits = bits
    }

    /// How far through nested owners the message goes.
    @usableFromInline
    var reach: Reach { Reach(rawValue: bits & 3) ?? .local }

    /// Whether the message also goes to the owners nested in the one it is sent through
    /// (``broadcastDown``), whose receivers may lag an up event of an owner between (DESIGN 13).
    var reachesDown: Bool { bits & 3 == Reach.down.rawValue }

    /// Whether the sender does not receive the message (``CommunicationCenter/others``).
    var excludesSender: Bool { bits & Self.senderExcluded != 0 }

    /// Whether the message goes to everyone in the sending owner only: the fast path's scope.
    @inlinable
    var isLocalToEveryone: Bool { bits == 0 }

    /// This scope, leaving the sender out.
    var excludingSender: Scope { Scope(bits: bits | Self.senderExcluded) }

    /// This scope, with the sender included: how far a message goes, all a test expecting a
    /// scope can name (BCKitTesting).
    package var includingSender: Scope { Scope(bits: bits & 3) }

    /// This scope with another reach, still leaving the sender out if it did.
    func reaching(_ reach: Reach) -> Scope { Scope(bits: bits & Self.senderExcluded | reach.rawValue) }

    /// The scope a send takes through a center view: the send's own reach when it names one, else
    /// the view's; the sender left out when either leaves it out.
    @inlinable
    func narrowed(by view: Scope) -> Scope {
        bits == 0 ? view : Scope(bits: (bits & 3 == 0 ? view.bits : bits) | view.bits & Self.senderExcluded)
    }

    /// Only the owner the message is sent through. The default.
    ///
    /// Passed to a center view (``CommunicationCenter/down``, ``CommunicationCenter/up``,
    /// ``CommunicationCenter/others``), it narrows nothing further: the view's reach stands, while
    /// ``broadcastDown`` or ``reportUp`` replaces it.
    @inlinable
    public static var local: Scope {
        // Computed and inlinable: a stored `static let` is read through a lazy-initialization
        // accessor, a call on every send that takes the default scope.
        Scope(.local)
    }

    /// The owner the message is sent through, then every owner nested in it, depth first, each
    /// in its parent's order.
    public static let broadcastDown = Scope(.down)

    /// The owner the message is sent through, then its parent, then the parent's parent, up to
    /// the root.
    public static let reportUp = Scope(.up)

    /// The scope's name: `local`, `broadcast down` or `report up`, followed by `, sender excluded`
    /// for a send through ``CommunicationCenter/others``.
    public var description: String {
        let reach: String =
            switch self.reach {
            case .local: "local"
            case .down: "broadcast down"
            case .up: "report up"
            }
        return excludesSender ? reach + ", sender excluded" : reach
    }

    /// The owners a message sent through `origin` reaches, in delivery order.
    ///
    /// Nested owners are found through the origin's cached table of the `Owner` "conversation":
    /// an owner is a business controller, so its parent's table for `Owner` lists its nested
    /// owners in order, kept up to date like any other table.
    @MainActor
    func owners(from origin: Owner) -> [Owner] {
        switch reach {
        case .local:
            return [origin]
        case .up:
            var chain: [Owner] = []
            var current: Owner? = origin
            while let owner = current {
                chain.append(owner)
                current = owner.parent
            }
            return chain
        case .down:
            var tree: [Owner] = []
            func visit(_ owner: Owner) {
                tree.append(owner)
                // The nested owners are receivers of the `Owner` conversation, walked by the rule.
                let nested = owner.switchboard.table(for: Owner.self).entries
                var delivery = Delivery(count: nested.count)
                var observer = Unobserved()
                delivery.walk(nested, departures: .possible, observer: &observer) { position in
                    visit(nested[position].receiver)
                    return true
                }
            }
            visit(origin)
            return tree
        }
    }
}
