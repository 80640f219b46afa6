import BCKitModules
import Testing

@MainActor
@Suite struct ModuleNotificationTests {
    let recorder = Recorder()

    func host() async throws -> ModuleHost {
        let host = ModuleHost()
        let layout: [(String, ModuleLevel)] = [
            ("storage", .basic), ("network", .basic), ("catalog", .middle), ("cart", .top), ("goods", .top),
        ]
        for (id, level) in layout {
            try host.register(RecordingModule(id, recorder: recorder), info: ModuleInfo(id: id, level: level))
        }
        try await host.launch()
        recorder.entries.removeAll()
        return host
    }

    @Test func aBroadcastGoesUpToEveryHigherLevelInStartOrder() async throws {
        let host = try await host()
        let receivers = try host.broadcast(ModuleNotification("sessionDidChange"), from: "network")
        #expect(receivers == ["catalog", "cart", "goods"])
        #expect(recorder.entries == receivers.map { "\($0) got sessionDidChange from network" })
    }

    @Test func aBroadcastCanTargetOneHigherLevel() async throws {
        let host = try await host()
        #expect(try host.broadcast(ModuleNotification("n"), from: "storage", to: .top) == ["cart", "goods"])
        #expect(recorder.entries == ["cart got n from storage", "goods got n from storage"])
    }

    @Test func aReportGoesDownToLowerLevels() async throws {
        let host = try await host()
        #expect(try host.report(ModuleNotification("checkout"), from: "cart") == ["storage", "network", "catalog"])
        #expect(try host.report(ModuleNotification("miss"), from: "catalog", to: .basic) == ["storage", "network"])
        #expect(try host.report(ModuleNotification("none"), from: "storage").isEmpty)
        #expect(
            recorder.entries == [
                "storage got checkout from cart", "network got checkout from cart", "catalog got checkout from cart",
                "storage got miss from catalog", "network got miss from catalog",
            ])
    }

    @Test(arguments: [
        ("report", "catalog", ModuleLevel.top),
        ("report", "cart", ModuleLevel.top),
        ("broadcast", "catalog", ModuleLevel.basic),
        ("broadcast", "cart", ModuleLevel.middle),
    ])
    func aNotificationSentTheWrongWayIsRefusedAndReachesNobody(
        direction: String, sender: String, level: ModuleLevel
    ) async throws {
        let host = try await host()
        let senderLevel = try #require(host.modules.first { $0.id == sender }).level
        let error = ModuleError.wrongDirection(sender: sender, from: senderLevel, to: level, direction: direction)
        #expect(throws: error) {
            if direction == "report" {
                try host.report(ModuleNotification("x"), from: sender, to: level)
            } else {
                try host.broadcast(ModuleNotification("x"), from: sender, to: level)
            }
        }
        #expect(recorder.entries.isEmpty)
    }

    @Test func anUnknownSenderIsRefused() async throws {
        let host = try await host()
        #expect(throws: ModuleError.unknownModule("ghost")) {
            try host.broadcast(ModuleNotification("x"), from: "ghost")
        }
    }
}
