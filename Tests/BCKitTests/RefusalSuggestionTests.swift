import BCKit
import Testing

// The code the relay plugin's refusals suggest, written against real declarations so that it
// compiles, and run so that it does what the refusal says. RefusalSuggestionTests in
// BCKitRelayGeneratorTests has the plugin refuse the members of `StockDesk` and `HandDesk` below
// and finds every suggested form in this file, verbatim up to whitespace: a suggestion whose
// wording stops compiling fails one of the two tests.

/// The placeholder type the refusals' declaration templates name.
private struct Type {}
/// The placeholder key type of the question a refused subscript is told to become.
private struct Key {}
/// The placeholder value type of the question a refused subscript is told to become.
private struct Value {}

/// The forms an unreadable member is told to take, and the question a subscript is told to be.
@MainActor
private protocol SuggestedForms: AnyObject {
    func name(label: Type)
    func name() -> Type?
    func value(for key: Key) -> Value?
}

/// The read-only question an unreadable member may be instead.
@MainActor
private protocol SuggestedProperty: AnyObject {
    var name: Type? { get }
}

/// What a settable or non-Optional property is told to become.
@MainActor
private protocol SuggestedStockProperties: AnyObject {
    var count: Int? { get }
    func countDidChange(_ count: Int)
    var stock: Int? { get }
}

/// A conversation declared by hand, the way a refusal offers when the plugin cannot write it.
protocol HandDesk: Conversation {
    func deskDidOpen()
}

extension HandDesk {
    func deskDidOpen() { relay((any HandDesk).self) { $0.deskDidOpen() } }
}

extension CommunicationCenter: HandDesk {}

/// What a receiver of `StockDesk` throws.
struct StockError: Error, Equatable {
    let shelf: String
}

/// Every member the plugin refuses for an explicit call, as RefusalSuggestionTests in
/// BCKitRelayGeneratorTests declares them (there as a conversation, here plain, since the plugin
/// would refuse them).
@MainActor
protocol StockDesk: AnyObject {
    func total() -> Int
    func total(of sku: String) async -> Int
    func total(in shelf: String) throws -> Int
    func restock(count: Int) async throws -> Int
    func reserve(count: Int) throws(StockError)
    func release(count: Int) async throws(StockError)
    func sync(count: Int) async throws
    func level(of sku: String) async -> Int?
    func level(in shelf: String) throws -> Int?
    func level(at aisle: Int) async throws -> Int?
}

/// A stock desk that answers with its own stock, and throws for a shelf it does not keep.
private final class Clerk: BusinessController, StockDesk {
    weak var owner: Owner?
    let stock: Int
    let shelf: String
    private(set) var heard: [String] = []

    init(stock: Int, shelf: String) {
        self.stock = stock
        self.shelf = shelf
    }

    private func check(_ asked: String) throws(StockError) {
        guard asked == shelf else { throw StockError(shelf: asked) }
    }

    func total() -> Int { stock }
    func total(of sku: String) async -> Int { sku == "tea" ? stock : 0 }
    func total(in shelf: String) throws -> Int {
        try check(shelf)
        return stock
    }
    func restock(count: Int) async throws -> Int {
        try check(count > 0 ? shelf : "")
        return stock + count
    }
    func reserve(count: Int) throws(StockError) {
        try check(count <= stock ? shelf : "short")
        heard.append("reserve(\(count))")
    }
    func release(count: Int) async throws(StockError) {
        try check(count <= stock ? shelf : "short")
        heard.append("release(\(count))")
    }
    func sync(count: Int) async throws {
        try check(count <= stock ? shelf : "short")
        heard.append("sync(\(count))")
    }
    func level(of sku: String) async -> Int? { sku == shelf ? stock : nil }
    func level(in shelf: String) throws -> Int? {
        try check(shelf)
        return stock
    }
    func level(at aisle: Int) async throws -> Int? {
        try check(aisle == stock ? shelf : "aisle \(aisle)")
        return stock
    }
}

@MainActor
@Suite struct RefusalSuggestionTests {
    /// Two clerks in one owner: "a" keeps 2 on shelf "a", "b" keeps 5 on shelf "b".
    private let owner = Owner()
    private let clerks = [Clerk(stock: 2, shelf: "a"), Clerk(stock: 5, shelf: "b")]

    private var center: CommunicationCenter { owner.center }

    init() throws {
        for clerk in clerks { try owner.attach(clerk) }
    }

    /// The failures of an outcome per receiver, as the shelves the receivers threw for.
    private func thrownShelves<Success>(_ outcomes: [Result<Success, any Error>]) -> [String?] {
        outcomes.map { outcome in
            guard case .failure(let error) = outcome else { return nil }
            return (error as? StockError)?.shelf
        }
    }

    @Test func aNonOptionalResultIsCollectedFromEveryReceiver() async {
        let sku = "tea"
        let shelf = "a"
        #expect(center.all((any StockDesk).self) { $0.total() } == [2, 5])
        #expect(await center.all((any StockDesk).self) { await $0.total(of: sku) } == [2, 5])
        let totals = center.all((any StockDesk).self) { receiver in Result { try receiver.total(in: shelf) } }
        #expect(totals.map { try? $0.get() } == [2, nil])
        #expect(thrownShelves(totals) == [nil, "a"])
    }

    @Test func anAsyncThrowingResultComesBackAsOneOutcomePerReceiver() async {
        let count = 1
        let restocked = await center.all((any StockDesk).self) { receiver -> Result<Int, any Error> in
            do { return .success(try await receiver.restock(count: count)) } catch { return .failure(error) }
        }
        #expect(restocked.map { try? $0.get() } == [3, 6])
    }

    @Test func aTypedThrowingMessageIsSentToEveryReceiverAndItsErrorsComeBackTogether() throws {
        var count = 2
        try center.send((any StockDesk).self) { try $0.reserve(count: count) }
        #expect(clerks.map(\.heard) == [["reserve(2)"], ["reserve(2)"]])
        count = 3
        #expect(throws: ConversationError.self) {
            try center.send((any StockDesk).self) { try $0.reserve(count: count) }
        }
        #expect(clerks.map(\.heard) == [["reserve(2)"], ["reserve(2)", "reserve(3)"]])
    }

    @Test func anAsyncTypedThrowingMessageComesBackAsOneOutcomePerReceiver() async {
        let count = 3
        let released = await center.all((any StockDesk).self) { receiver -> Result<Void, any Error> in
            do { return .success(try await receiver.release(count: count)) } catch { return .failure(error) }
        }
        #expect(thrownShelves(released) == ["short", nil])
        #expect(clerks.map(\.heard) == [[], ["release(3)"]])
    }

    @Test func anAsyncThrowingMessageComesBackAsOneOutcomePerReceiver() async {
        let count = 3
        let synced = await center.all((any StockDesk).self) { receiver -> Result<Void, any Error> in
            do { return .success(try await receiver.sync(count: count)) } catch { return .failure(error) }
        }
        #expect(thrownShelves(synced) == ["short", nil])
        #expect(clerks.map(\.heard) == [[], ["sync(3)"]])
    }

    @Test func anEffectfulQuestionAsksEveryReceiverAndTheFirstAnswerIsTheSendersToTake() async {
        let sku = "b"
        let levels = await center.all((any StockDesk).self) { await $0.level(of: sku) }
        #expect(levels == [nil, 5])
        #expect(levels.lazy.compactMap { $0 }.first == 5)
        let shelf = "b"
        let shelved = center.all((any StockDesk).self) { receiver in Result { try receiver.level(in: shelf) } }
        #expect(thrownShelves(shelved) == ["b", nil])
        #expect(shelved.lazy.compactMap { try? $0.get() }.first == 5)
        let aisle = 2
        let aisles = await center.all((any StockDesk).self) { receiver -> Result<Int?, any Error> in
            do { return .success(try await receiver.level(at: aisle)) } catch { return .failure(error) }
        }
        #expect(thrownShelves(aisles) == [nil, "aisle 2"])
        #expect(aisles.lazy.compactMap { try? $0.get() }.first == 2)
    }

    @Test func aConversationDeclaredByHandIsRelayed() throws {
        final class Opener: BusinessController, HandDesk {
            weak var owner: Owner?
            var opened = 0
            func deskDidOpen() { opened += 1 }
        }
        let opener = Opener()
        try owner.attach(opener)
        owner.center.deskDidOpen()
        #expect(opener.opened == 1)
    }
}
