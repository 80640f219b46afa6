// The smallest `all` that decides what the kit's decides before it can answer "nobody": whether
// the center's sends are still bound to its owner and stay local, whether the fast path's gate is
// open (no tracer, not nested too deep), which table the conversation's metatype names (the one
// the last lookup found) and whether that table is empty. Measured against the hand loop that
// returns the same empty array, in the same harness: what any implementation of `all` with those
// decisions costs at N = 0. Build and count (Benchmarks/README.md, "This stop"):
//
//     swiftc -O -enforce-exclusivity=unchecked -parse-as-library AllFloor.swift -o all-floor
//     valgrind --tool=callgrind ./all-floor 10000 prototype   # and 20000; the difference / 10000
//
// The arguments: `prototype`, `plain-table` (the remembered table stored without an optional, so
// no test for nil) or `hand-loop`.

protocol Answering: AnyObject {
    var value: Int { get }
}

final class Table {
    var count = 0
}

final class Attachment {
    @exclusivity(unchecked) var hasLeft = false
}

final class Board {
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var deepest = 47
    @exclusivity(unchecked) var recentKey: UInt = 0
    @exclusivity(unchecked) var recentTable: Table?
    @exclusivity(unchecked) var plainRecentTable = Table()
}

final class Center {
    let board: Board
    let isPlainHost: Bool
    let speaker: AnyObject?
    let attachment: Attachment?

    /// A host's center, as the kit's: whether it is one is decided at run time.
    init(board: Board, isPlainHost: Bool) {
        self.board = board
        self.isPlainHost = isPlainHost
        speaker = nil
        attachment = nil
    }

    @inline(__always)
    var isBound: Bool {
        guard speaker != nil else { return true }
        guard let attachment else { return false }
        return !attachment.hasLeft
    }

    @inline(__always)
    func takesFastPath(local: Bool) -> Bool {
        (isPlainHost || isBound) && (isPlainHost ? local : false) && board.depth <= board.deepest
    }

    @inline(__always)
    func all<Conversation, Answer>(_: Conversation.Type, local: Bool = true, _ ask: (Conversation) -> Answer)
        -> [Answer]
    {
        if takesFastPath(local: local) {
            let key = UInt(bitPattern: ObjectIdentifier(Conversation.self))
            if key == board.recentKey, let table = board.recentTable {
                return table.count > 0 ? answers(of: table, ask) : []
            }
        }
        return carefully(ask)
    }

    @inline(__always)
    func allFromPlainTable<Conversation, Answer>(
        _: Conversation.Type,
        local: Bool = true,
        _ ask: (Conversation) -> Answer
    ) -> [Answer] {
        if takesFastPath(local: local) {
            let key = UInt(bitPattern: ObjectIdentifier(Conversation.self))
            if key == board.recentKey {
                let table = board.plainRecentTable
                return table.count > 0 ? answers(of: table, ask) : []
            }
        }
        return carefully(ask)
    }

    @inline(never)
    func answers<Conversation, Answer>(of table: Table, _ ask: (Conversation) -> Answer) -> [Answer] { [] }

    @inline(never)
    func carefully<Conversation, Answer>(_ ask: (Conversation) -> Answer) -> [Answer] { [] }
}

@inline(never)
func opaque<T>(_ value: T) -> T { value }

@main
struct AllFloor {
    static func main() {
        let iterations = Int(CommandLine.arguments[1])!
        let board = opaque(Board())
        board.recentKey = UInt(bitPattern: ObjectIdentifier((any Answering).self))
        board.recentTable = Table()
        let center = opaque(Center(board: board, isPlainHost: opaque(true)))
        let receivers: [any Answering] = opaque([])
        let run: (Int) -> Int
        switch CommandLine.arguments[2] {
        case "prototype":
            run = { iterations in
                var total = 0
                for _ in 0..<iterations { total &+= center.all((any Answering).self) { $0.value }.count }
                return total
            }
        case "plain-table":
            run = { iterations in
                var total = 0
                for _ in 0..<iterations {
                    total &+= center.allFromPlainTable((any Answering).self) { $0.value }.count
                }
                return total
            }
        default:
            run = { iterations in
                var total = 0
                for _ in 0..<iterations {
                    var answers: [Int] = []
                    for index in receivers.indices { answers.append(receivers[index].value) }
                    total &+= answers.count
                }
                return total
            }
        }
        print(opaque(run)(iterations))
    }
}
