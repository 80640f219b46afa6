import BCKit
import Foundation

/// What one screen part saves: a draft, a scroll offset, a selection.
struct PartPiece: Codable {
    var draft: String
    var offset: Double
    var selection: Int
}

/// A screen part that saves and restores its piece through the kit.
final class SavingPart: BusinessController, RestorableController {
    weak var owner: Owner?
    let tally: Tally
    let savedStateKey: String
    var piece: PartPiece

    init(index: Int, tally: Tally) {
        self.tally = tally
        savedStateKey = "part.\(index)"
        piece = PartPiece(draft: "Draft number \(index), half written", offset: Double(index) * 12.5, selection: index)
    }

    func saveState() -> PartPiece? {
        tally.bump()
        return piece
    }

    func restoreState(_ state: PartPiece) {
        tally.bump()
        piece = state
    }
}

/// Saving and restoring a screen of N parts (issue 36): the kit's archive, written as bytes and
/// read back, against what an app writes by hand, a `[String: Data]` with each piece encoded on
/// its own by `JSONEncoder` and decoded by `JSONDecoder`.
///
/// Both sides do the same work around it. A save asks each part for its piece; a restore builds a
/// fresh owner, attaches the parts (the kit hands each its piece as it is attached, the baseline
/// decodes each piece and hands it over after) and tears the owner down.
@MainActor
final class SavedStateWorld {
    let tally = Tally()
    let n: Int
    /// The parts the save cases save from, attached to ``screen``.
    let parts: [SavingPart]
    /// The parts the restore cases attach to a fresh owner each time: a screen rebuilt.
    let freshParts: [SavingPart]
    /// The owner the save cases save from.
    let screen = Owner(name: "Screen")
    /// What each side saved, which its restore reads.
    let savedBytes: [UInt8]
    let savedByHand: [String: Data]

    init(n: Int) {
        self.n = n
        let tally = tally
        parts = (0..<n).map { SavingPart(index: $0, tally: tally) }
        freshParts = (0..<n).map { SavingPart(index: $0, tally: tally) }
        try! screen.attach(parts)
        savedBytes = screen.saveState().bytes
        var byHand: [String: Data] = [:]
        let encoder = JSONEncoder()
        for part in parts { byHand[part.savedStateKey] = try! encoder.encode(part.piece) }
        savedByHand = byHand
        tally.count = 0
    }

    /// The kit: the owner's archive, as bytes.
    var kitSave: Runner {
        Runner(label: "kit", operations: 1, expectedCalls: n, tally: tally) { [screen] iterations in
            var size = 0
            let elapsed = timeLoop(iterations) { size &+= screen.saveState().bytes.count }
            precondition(size > 0)
            return elapsed
        }
    }

    /// By hand: each part's piece encoded on its own into a dictionary by key.
    var handSave: Runner {
        Runner(label: "[String: Data], JSONEncoder per piece", operations: 1, expectedCalls: n, tally: tally) {
            [parts] iterations in
            let encoder = JSONEncoder()
            var size = 0
            let elapsed = timeLoop(iterations) {
                var saved: [String: Data] = [:]
                saved.reserveCapacity(parts.count)
                for part in parts {
                    guard let piece = part.saveState() else { continue }
                    saved[part.savedStateKey] = try! encoder.encode(piece)
                }
                size &+= saved.count
            }
            precondition(size > 0)
            return elapsed
        }
    }

    /// The kit: the bytes read back into an archive, a fresh owner restoring from it as each part
    /// is attached, then torn down.
    var kitRestore: Runner {
        Runner(label: "kit", operations: 1, expectedCalls: n, tally: tally) { [freshParts, savedBytes] iterations in
            timeLoop(iterations) {
                let owner = Owner(name: "Screen", restoring: try! SavedStateArchive(bytes: savedBytes))
                try! owner.attach(freshParts)
                try! owner.tearDown()
            }
        }
    }

    /// By hand: a fresh owner with the parts attached, each piece decoded on its own and handed
    /// to its part, then torn down.
    var handRestore: Runner {
        Runner(label: "[String: Data], JSONEncoder per piece", operations: 1, expectedCalls: n, tally: tally) {
            [freshParts, savedByHand] iterations in
            let decoder = JSONDecoder()
            return timeLoop(iterations) {
                let owner = Owner(name: "Screen")
                try! owner.attach(freshParts)
                for part in freshParts {
                    guard let data = savedByHand[part.savedStateKey] else { continue }
                    part.restoreState(try! decoder.decode(PartPiece.self, from: data))
                }
                try! owner.tearDown()
            }
        }
    }

    var runnersByName: [String: Runner] {
        [
            "state-save-kit": kitSave, "state-save-hand": handSave, "state-restore-kit": kitRestore,
            "state-restore-hand": handRestore,
        ]
    }
}

/// The save and restore rows, for 20 and 200 parts.
@MainActor
func savedStateRows(method: Method) -> [Row] {
    var rows: [Row] = []
    for n in [20, 200] {
        let world = SavedStateWorld(n: n)
        rows += compare(
            "saved state: save a screen", n: n, kit: world.kitSave, baselines: [world.handSave],
            method: method)
        rows += compare(
            "saved state: restore a screen (attach and tear-down included)", n: n,
            kit: world.kitRestore, baselines: [world.handRestore], method: method)
    }
    return rows
}
