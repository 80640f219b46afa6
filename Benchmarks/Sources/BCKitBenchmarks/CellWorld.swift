import BCKit
import MallocCount

/// The content a reused cell shows, as one message to its controllers.
@MainActor protocol CellContent: AnyObject {
    func show(_ item: Int)
}

/// A cell controller: forgets its content on reuse, shows the new content.
final class CellPart: BusinessController, CellContent {
    weak var owner: Owner?
    let tally: Tally
    var item = 0

    init(tally: Tally) { self.tally = tally }

    func ownerWillReuse() {
        item = 0
        tally.bump()
    }

    func show(_ item: Int) {
        self.item = item
        tally.bump()
    }
}

/// The same cell hand-written: five stored parts, reset and configured by direct calls.
@MainActor
final class HandWrittenCell {
    let parts: (CellPart, CellPart, CellPart, CellPart, CellPart)

    init(tally: Tally) {
        parts = (CellPart(tally: tally), CellPart(tally: tally), CellPart(tally: tally), CellPart(tally: tally),
            CellPart(tally: tally))
    }

    @inline(never)
    func prepareForReuse() {
        parts.4.ownerWillReuse()
        parts.3.ownerWillReuse()
        parts.2.ownerWillReuse()
        parts.1.ownerWillReuse()
        parts.0.ownerWillReuse()
    }

    @inline(never)
    func configure(_ item: Int) {
        parts.0.show(item)
        parts.1.show(item)
        parts.2.show(item)
        parts.3.show(item)
        parts.4.show(item)
    }
}

/// What a hand-written cell calls on parts it holds by protocol, as a cell whose parts are views
/// of several types holds them.
@MainActor protocol CellSlot: AnyObject {
    func reset()
    func show(_ item: Int)
}

extension CellPart: CellSlot {
    func reset() { ownerWillReuse() }
}

/// A second kind of cell part, so calls through ``CellSlot`` stay indirect.
final class CellBadge: CellSlot {
    let tally: Tally
    var item = 0

    init(tally: Tally) { self.tally = tally }

    func reset() {
        item = 0
        tally.bump()
    }

    func show(_ item: Int) {
        self.item = item
        tally.bump()
    }
}

/// The hand-written cell with its five parts of two types in stored properties typed by the
/// protocol: reset last first, then configured, each call through the protocol's witness (not
/// devirtualized), none through an array.
@MainActor
final class HandWrittenIndirectCell {
    let parts: (any CellSlot, any CellSlot, any CellSlot, any CellSlot, any CellSlot)

    init(tally: Tally) {
        parts = (CellPart(tally: tally), CellBadge(tally: tally), CellPart(tally: tally), CellBadge(tally: tally),
            CellPart(tally: tally))
    }

    @inline(never)
    func prepareForReuse() {
        parts.4.reset()
        parts.3.reset()
        parts.2.reset()
        parts.1.reset()
        parts.0.reset()
    }

    @inline(never)
    func configure(_ item: Int) {
        parts.0.show(item)
        parts.1.show(item)
        parts.2.show(item)
        parts.3.show(item)
        parts.4.show(item)
    }
}

/// A 5-controller cell owner reconfigured for new content (`prepareForReuse()`, then the content
/// as one message) against a hand-written cell's reset and configure.
enum CellWorld {
    @MainActor
    static func kit(_ tally: Tally) -> Runner {
        let owner = Owner(name: "Cell")
        try! owner.attach((0..<5).map { _ in CellPart(tally: tally) })
        try! owner.didLoad()
        let center = owner.center
        return Runner(label: "kit", operations: 1, expectedCalls: 10, tally: tally) { iterations in
            timeLoop(iterations) {
                try! owner.prepareForReuse()
                center.send((any CellContent).self) { $0.show(iterations) }
            }
        }
    }

    @MainActor
    static func handWritten(_ tally: Tally) -> Runner {
        let cell = HandWrittenCell(tally: tally)
        // Five stored parts of one type called directly: the compiler devirtualizes every call.
        return Runner(label: "hand-written cell, devirtualized", operations: 1, expectedCalls: 10, tally: tally) {
            iterations in
            timeLoop(iterations) {
                cell.prepareForReuse()
                cell.configure(iterations)
            }
        }
    }

    @MainActor
    static func handWrittenIndirect(_ tally: Tally) -> Runner {
        let cell = HandWrittenIndirectCell(tally: tally)
        return Runner(label: "hand-written cell, indirect", operations: 1, expectedCalls: 10, tally: tally) {
            iterations in
            timeLoop(iterations) {
                cell.prepareForReuse()
                cell.configure(iterations)
            }
        }
    }

    /// Heap allocations per reconfigure of a warm runner, over 1,000 reconfigures.
    @MainActor
    static func allocations(_ runner: Runner) -> Double {
        _ = runner.run(10)
        let before = malloc_count_total()
        _ = runner.run(1000)
        let after = malloc_count_total()
        runner.tally.count = 0
        return Double(after - before) / 1000
    }

    @MainActor
    static func runnersByName(_ tally: Tally) -> [String: Runner] {
        ["cell-kit": kit(tally), "cell-hand": handWritten(tally), "cell-indirect": handWrittenIndirect(tally)]
    }
}
