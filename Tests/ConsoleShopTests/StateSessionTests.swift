import BCKit
import BCKitTesting
import Foundation
import Testing

@testable import ConsoleShop

/// `ConsoleHost --state FILE`: a session saves the shopper, the cart and the open screen when it
/// ends, and the next one brings them back, the goods screen's quantity through its owner's
/// archive. Each test runs the sessions as `ConsoleHost` does when input is piped in, on a file
/// of its own.
@MainActor
@Suite struct StateSessionTests {
    /// What one run wrote and how it left the shop.
    @MainActor
    struct Run {
        let app: ShopApp
        /// Every line of standard output.
        let printed: [String]
        /// The lines for standard error.
        let warnings: [String]

        var stack: String { app.sessions.map(\.screen.owner.name).joined(separator: " > ") }

        /// The quantity the goods screen on top shows, or `nil` when no goods screen is on top.
        var quantity: Int? {
            app.current?.screen.parts.lazy.compactMap { $0.controller as? AddToCartController }.first?.quantity
        }

        var restoredControllers: [String] { app.current?.tracer.restoredControllers ?? [] }
    }

    private final class Captured {
        var lines: [String] = []
        var warnings: [String] = []
    }

    /// A state file in a folder of its own, removed with the folder by `removeFolder`.
    private static func stateFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "StateSessionTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appending(path: "state.json")
    }

    private static func removeFolder(of file: URL) {
        try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
    }

    /// Runs the lines as `ConsoleHost --state FILE` does for piped input: the launch restores from
    /// the file, each command is echoed and settled, and the end of the session saves.
    static func run(_ lines: [String], state file: URL, trace: Bool = false) async throws -> Run {
        let captured = Captured()
        let transcript = Transcript { captured.lines.append($0) }
        let app = try ShopApp(transcript: transcript, trace: trace)
        try await app.launch(restoringFrom: file.path) { captured.warnings.append($0) }
        let session = ShopSession(app: app, transcript: transcript, echoesCommands: true)
        #expect(await session.runSettled(lines: lines) == 0)
        try app.saveState(to: file.path)
        return Run(app: app, printed: captured.lines, warnings: captured.warnings)
    }

    /// The commands of `.ci/state-session-N.txt`, one a line.
    static func script(_ number: Int) throws -> [String] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appending(path: ".ci/state-session-\(number).txt"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).map(String.init)
    }

    // MARK: - Round trip

    @Test func theNextSessionGetsTheShopperTheCartTheScreenAndItsQuantityBack() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        let first = try await Self.run(
            ["login ada", "open shop://goods/detail/42", "quantity 3", "add-to-cart", "quit"], state: file)
        #expect(first.app.store.cart == [42: 3])

        let second = try await Self.run([], state: file)

        #expect(second.warnings.isEmpty)
        #expect(second.app.account.user == "ada")
        #expect(second.app.store.cart == [42: 3])
        // The units come out of the warehouse again, as they did when they were added.
        #expect(second.app.store.goods(id: 42)?.stock == first.app.store.goods(id: 42)?.stock)
        #expect(second.stack == "Home > GoodsDetail")
        #expect(second.app.current?.route == "shop://goods/detail/42")
        #expect(second.quantity == 3)
        #expect(second.restoredControllers == ["AddToCartController"])
        #expect(second.printed.filter { $0.hasPrefix("restored the saved state") }.count == 1)
    }

    /// The quantity travels in the screen owner's archive, as the controller's own piece, and
    /// nowhere in the app's part of the file.
    @Test func theQuantityIsTheControllersPieceInTheOwnerArchive() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        _ = try await Self.run(["open shop://goods/detail/1", "quantity 2", "quit"], state: file)

        let saved = try #require(try ShopState.read(from: file.path))

        #expect(saved.route == "shop://goods/detail/1")
        #expect(saved.user == nil)
        #expect(saved.cart.isEmpty)
        let archive = try #require(saved.archive)
        #expect(archive.keys == ["AddToCartController"])
        #expect(try archive.piece(Int.self, forKey: "AddToCartController") == 2)
    }

    @Test func withTraceTheSecondSessionShowsTheKitsRestoredEvent() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        _ = try await Self.run(["open shop://goods/detail/42", "quantity 4", "quit"], state: file)

        let second = try await Self.run(["quit"], state: file, trace: true)

        let restored = second.printed.filter { $0.contains("trace restored:") }
        #expect(restored.count == 1)
        #expect(restored.first?.contains("[GoodsDetail] AddToCartController") == true)
        // Restored before the screen loads: the restore comes before the did-load lines.
        let restoredAt = try #require(second.printed.firstIndex { $0.contains("trace restored:") })
        let loadedAt = try #require(second.printed.firstIndex { $0.contains("host -> GoodsDetail: did-load") })
        #expect(restoredAt < loadedAt)
    }

    /// The login screen is passed over: what it waited for is not saved, so the screen under it is.
    @Test func aSessionEndingOnTheLoginScreenSavesTheScreenUnderIt() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        let first = try await Self.run(["open shop://goods/detail/42", "quantity 2", "add-to-cart"], state: file)
        #expect(first.stack == "Home > GoodsDetail > Login")

        let second = try await Self.run([], state: file)

        #expect(second.stack == "Home > GoodsDetail")
        #expect(second.quantity == 2)
        #expect(second.app.account.user == nil)
        #expect(second.app.store.cart.isEmpty)
    }

    // MARK: - No file, a bad file

    @Test func noFileIsAFirstRunThatSaysSoAndSavesAtTheEnd() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }

        let run = try await Self.run(["quit"], state: file)

        #expect(run.warnings.isEmpty)
        #expect(run.printed.filter { $0.contains("first run") }.count == 1)
        #expect(!run.printed.contains { $0.hasPrefix("restored the saved state") })
        #expect(run.stack == "Home")
        #expect(try ShopState.read(from: file.path) == ShopState(route: "shop://home"))
    }

    @Test(arguments: [
        "{ not json",
        "",
        "[1, 2]",
        #"{"cart": []}"#,
        #"{"version": "one"}"#,
        #"{"version": 1, "cart": "many"}"#,
        #"{"version": 1, "cart": [{"goods": 42}]}"#,
        #"{"version": 1, "cart": [], "archive": {"pieces": 3}}"#,
    ])
    func aCorruptFileIsOneWarningNamingItThenAFirstRun(contents: String) async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        try Data(contents.utf8).write(to: file)

        let run = try await Self.run([], state: file)

        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.contains(file.path) == true)
        #expect(run.warnings.first?.contains("\n") == false)
        #expect(run.printed.filter { $0.contains("first run") }.count == 1)
        #expect(run.stack == "Home")
        #expect(run.app.account.user == nil)
        #expect(run.app.store.cart.isEmpty)
        // The run saved over it, so the next one starts from a state it can read.
        #expect(try ShopState.read(from: file.path) != nil)
    }

    @Test func aFileThatIsAFolderIsUnreadableNotMissing() throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)

        let error = try #require(throws: ShopStateError.self) { try ShopState.read(from: file.path) }
        #expect(error.path == file.path)
        #expect(error != .unknownVersion(file.path, version: ShopState.currentVersion))
    }

    @Test func anUnknownVersionIsRefusedBeforeAnythingElseIsRead() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        try Data(#"{"version": 2, "user": "ada", "shoppingBag": [42]}"#.utf8).write(to: file)

        #expect(throws: ShopStateError.unknownVersion(file.path, version: 2)) {
            try ShopState.read(from: file.path)
        }
        let run = try await Self.run([], state: file)

        #expect(run.warnings.count == 1)
        #expect(run.warnings.first?.contains("version 2") == true)
        #expect(run.warnings.first?.contains(file.path) == true)
        #expect(run.app.account.user == nil)
        #expect(run.stack == "Home")
    }

    @Test func aStateThatCannotBeWrittenThrowsNamingTheFile() throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        let nowhere = file.deletingLastPathComponent().appending(path: "missing-folder/state.json").path

        let error = try #require(throws: ShopStateError.self) { try ShopState(user: "ada").write(to: nowhere) }
        #expect(error.path == nowhere)
        #expect(error.description.contains("folder exists"))
    }

    // MARK: - What no longer fits

    /// A route that no longer opens (an article the store stopped selling), or that a file should
    /// never open (an internal route, the login screen): home stays on show, with a line, and the
    /// rest is restored.
    @Test(arguments: ["shop://goods/detail/999", "shop://cart/add/42", "shop://login"])
    func aSavedRouteThatNoLongerOpensFallsBackToHome(route: String) async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        var archive = SavedStateArchive()
        try archive.setPiece(3, forKey: "AddToCartController")
        try ShopState(user: "ada", cart: [.init(goodsID: 42, units: 1)], route: route, archive: archive)
            .write(to: file.path)

        let run = try await Self.run([], state: file)

        #expect(run.warnings.isEmpty)
        #expect(run.stack == "Home")
        #expect(run.printed.filter { $0.contains("no longer opens") }.count == 1)
        #expect(run.restoredControllers.isEmpty)
        #expect(run.app.account.user == "ada")
        #expect(run.app.store.cart == [42: 1])
    }

    /// A cart line the store cannot fill again is left out with a line; the others come back.
    @Test func cartLinesTheStoreCannotFillAreLeftOut() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        let lines: [ShopState.CartLine] = [
            .init(goodsID: 999, units: 1), .init(goodsID: 1, units: 5), .init(goodsID: 2, units: 0),
            .init(goodsID: 4, units: 2),
        ]
        try ShopState(cart: lines).write(to: file.path)

        let run = try await Self.run([], state: file)

        #expect(run.app.store.cart == [4: 2])
        #expect(run.app.store.goods(id: 1)?.stock == 3)
        #expect(run.printed.filter { $0.hasPrefix("left out of the restored cart") }.count == 3)
    }

    // MARK: - The committed second session

    @Test func theSecondScriptedSessionPrintsTheCommittedRestore() async throws {
        let file = try Self.stateFile()
        defer { Self.removeFolder(of: file) }
        _ = try await Self.run(try Self.script(1), state: file)

        let second = try await Self.run(try Self.script(2), state: file, trace: true)

        #expect(second.warnings.isEmpty)
        #expect(second.printed.contains { $0.contains("trace restored: [GoodsDetail] AddToCartController") })
        // `.ci/run` diffs ConsoleHost's real output of the same two sessions against this file.
        expectSnapshot(of: second.printed.map { $0 + "\n" }.joined(), named: "secondSession")
    }
}
