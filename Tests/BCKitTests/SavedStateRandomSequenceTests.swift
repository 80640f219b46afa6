import BCKit
import Testing

// Random trees of owners saved and brought back after a simulated process death, against a model
// of their pieces: a root with nested owners up to two levels down, each with restorable
// controllers under keys of their own and controllers that save nothing. The tree is saved, the
// bytes decoded, and a new tree built from them in a random order: controllers attached before or
// after their owner is nested, some created lazily by their first message, some attached only
// later, some never. Each controller that arrives holds its saved piece at its `didAttach(to:)`;
// a second save keeps, as they were, the pieces of the controllers that never came; and a third
// tree restored from that second archive gets every piece of the first.

/// A message that creates the lazily registered controllers of the random trees.
@MainActor
protocol PieceWakeConversation: AnyObject {
    func wake()
}

extension PieceWakeConversation {
    func wake() {}
}

/// Saves an integer under a key of its own, and remembers what it held at `didAttach(to:)`.
@MainActor
final class PieceKeeper: BusinessController, RestorableController, PieceWakeConversation {
    weak var owner: Owner?
    let savedStateKey: String
    var value: Int
    /// What it held when its owner said hello; `nil` until then.
    var valueAtAttach: Int?

    init(key: String, value: Int) {
        savedStateKey = key
        self.value = value
    }

    func saveState() -> Int? { value }
    func restoreState(_ state: Int) { value = state }
    func didAttach(to owner: Owner) { valueAtAttach = value }
}

/// Saves nothing: the owner's other controllers.
@MainActor
final class PiecelessController: BusinessController {
    weak var owner: Owner?
}

/// One owner of a random tree: its pieces by key, and the owners nested in it.
struct OwnerShape {
    var name: String
    var pieces: [(key: String, value: Int)]
    var children: [OwnerShape]

    /// Every piece of the tree, by the path of owner names and the key.
    func allPieces(under path: String = "") -> [String: Int] {
        let here = path + "/" + name
        var pieces: [String: Int] = [:]
        for piece in self.pieces { pieces[here + "." + piece.key] = piece.value }
        for child in children { pieces.merge(child.allPieces(under: here)) { first, _ in first } }
        return pieces
    }
}

@MainActor
final class SavedStateSession {
    var random: SeededGenerator
    var failures: [String] = []

    init(seed: UInt64) {
        random = SeededGenerator(state: seed)
    }

    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    func shape(named name: String, depth: Int) -> OwnerShape {
        let pieces = (0..<Int.random(in: 0...4, using: &random)).map { index in
            (key: "piece.\(index)", value: Int.random(in: -1_000...1_000, using: &random))
        }
        let children =
            depth < 2
            ? (0..<Int.random(in: 0...2, using: &random)).map { shape(named: "\(name).\($0)", depth: depth + 1) }
            : []
        return OwnerShape(name: name, pieces: pieces, children: children)
    }

    /// Builds `shape` with every controller attached at once: holding its piece's value, or
    /// holding nothing when `archive` (at the root; handed down to the nested owners) restores it.
    func buildWhole(_ shape: OwnerShape, restoring archive: SavedStateArchive?, isNested: Bool = false) throws -> Owner
    {
        let owner = Owner(name: shape.name, restoring: isNested ? nil : archive)
        owner.onDiagnostic = { _ in }
        for piece in shape.pieces {
            try owner.attach(PieceKeeper(key: piece.key, value: archive == nil ? piece.value : 0))
        }
        for child in shape.children { try owner.attach(buildWhole(child, restoring: archive, isNested: true)) }
        return owner
    }

    /// The controllers a rebuilt tree got, by the path of owner names and the key.
    var arrived: [String: PieceKeeper] = [:]
    /// The places of the controllers attached to an owner not yet nested in the restoring tree:
    /// they get their piece as it is nested, after their `didAttach(to:)`, as with
    /// `restoreState(from:)`.
    var attachedBeforeNesting: Set<String> = []
    /// Work left for the end: controllers attached late.
    var later: [() throws -> Void] = []

    /// Builds `shape` again in a random order, nested in `parent` (or restoring `archive` at the
    /// root): each controller at once, lazily, later, or never.
    func rebuild(
        _ shape: OwnerShape, path: String = "", in parent: Owner?, connected: Bool = true,
        restoring archive: SavedStateArchive?
    ) throws -> Owner {
        let owner = Owner(name: shape.name, restoring: parent == nil ? archive : nil)
        owner.onDiagnostic = { _ in }
        let here = path + "/" + shape.name
        let nestsFirst = chance(50)
        if nestsFirst, let parent { try parent.attach(owner) }
        let isConnected = parent == nil || (connected && nestsFirst)
        for piece in shape.pieces.shuffled(using: &random) {
            let keeper = PieceKeeper(key: piece.key, value: 0)
            let place = here + "." + piece.key
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                try owner.attach(keeper)
                arrived[place] = keeper
                if !isConnected { attachedBeforeNesting.insert(place) }
            case 1:
                try owner.attach(
                    lazily: { [unowned self] in
                        arrived[place] = keeper
                        return keeper
                    }, speaking: [(any PieceWakeConversation).self], creation: .onFirstMessage)
            case 2:
                later.append { [unowned self] in
                    try owner.attach(keeper)
                    arrived[place] = keeper
                }
            default:
                break
            }
            if chance(30) { try owner.attach(PiecelessController()) }
        }
        for child in shape.children.shuffled(using: &random) {
            _ = try rebuild(child, path: here, in: owner, connected: isConnected, restoring: nil)
        }
        if !nestsFirst, let parent { try parent.attach(owner) }
        return owner
    }

    func run() throws {
        let shape = shape(named: "Root", depth: 0)
        let expected = shape.allPieces()

        let first = try buildWhole(shape, restoring: nil)
        let bytes = first.saveState().bytes
        try first.tearDown()

        // The process ends; a new one builds the screen again from the bytes.
        let second = try rebuild(shape, in: nil, restoring: try SavedStateArchive(bytes: bytes))
        second.center.send((any PieceWakeConversation).self, scope: .broadcastDown) { $0.wake() }
        for attach in later { try attach() }
        for (place, keeper) in arrived {
            check(
                keeper.value == expected[place],
                "\(place) holds \(keeper.value), saved \(String(describing: expected[place]))")
            guard !attachedBeforeNesting.contains(place) else { continue }
            check(
                keeper.valueAtAttach == expected[place],
                "\(place) held \(String(describing: keeper.valueAtAttach)) at didAttach, saved \(String(describing: expected[place]))"
            )
        }

        // It dies again before every controller came back: the missing pieces travel on as they were.
        let secondBytes = second.saveState().bytes
        try second.tearDown()
        let third = try buildWhole(shape, restoring: try SavedStateArchive(bytes: secondBytes))
        var restored: [String: Int] = [:]
        collect(third, path: "", into: &restored)
        check(restored == expected, "third tree restored \(restored), saved \(expected)")
        try third.tearDown()
    }

    /// The values of the controllers of `owner`'s tree, by the path of owner names and the key.
    func collect(_ owner: Owner, path: String, into values: inout [String: Int]) {
        let here = path + "/" + owner.name
        for controller in owner.controllers {
            if let keeper = controller as? PieceKeeper { values[here + "." + keeper.savedStateKey] = keeper.value }
            if let nested = controller as? Owner { collect(nested, path: here, into: &values) }
        }
    }
}

@MainActor
@Suite struct SavedStateRandomSequenceTests {
    @Test(arguments: 0..<500)
    func aRandomTreeComesBackAfterProcessDeathAsTheModelSays(seed: UInt64) throws {
        let session = SavedStateSession(seed: seed)
        try session.run()
        let failures = Array(session.failures.prefix(3))
        #expect(failures.isEmpty, "seed \(seed)")
    }
}
