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

    @usableFromInline
    let reach: Reach

    @usableFromInline
    init(_ reach: Reach) {
        self.reach = reach
    }

    /// Only the owner the message is sent through. The default.
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

    /// The scope's name: `local`, `broadcast down` or `report up`.
    public var description: String {
        switch reach {
        case .local: "local"
        case .down: "broadcast down"
        case .up: "report up"
        }
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
