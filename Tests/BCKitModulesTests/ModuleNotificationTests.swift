import BCKitModules
import Testing

@MainActor
@Suite struct ModuleNotificationTests {
    let recorder = Recorder()

    func host() async throws -> ModuleHost {
        let host = ModuleHost()
        let layout: [(String, ModuleLevel)] = [
            ("storage", .foundation), ("network", .foundation), ("catalog", .domain), ("cart", .feature),
            ("goods", .feature),
        ]
        for (id, level) in layout {
            try host.register(RecordingModule(id, recorder: recorder), info: ModuleInfo(id: id, level: level))
        }
        try await host.launch()
        recorder.entries.removeAll()
        return host
    }

    @Test func aBroadcastGoesDownToEveryLevelThatBuildsOnTheSendersInStartOrder() async throws {
        let host = try await host()
        let receivers = try host.broadcastDown(ModuleNotification("sessionDidChange"), from: "network")
        #expect(receivers == ["catalog", "cart", "goods"])
        #expect(recorder.entries == receivers.map { "\($0) got sessionDidChange from network" })
    }

    @Test func aBroadcastCanTargetOneLevelBelow() async throws {
        let host = try await host()
        #expect(try host.broadcastDown(ModuleNotification("n"), from: "storage", to: .feature) == ["cart", "goods"])
        #expect(recorder.entries == ["cart got n from storage", "goods got n from storage"])
    }

    @Test func aReportGoesUpToTheLevelsTheSendersBuildsOn() async throws {
        let host = try await host()
        #expect(try host.reportUp(ModuleNotification("checkout"), from: "cart") == ["storage", "network", "catalog"])
        #expect(
            try host.reportUp(ModuleNotification("miss"), from: "catalog", to: .foundation) == ["storage", "network"])
        #expect(try host.reportUp(ModuleNotification("none"), from: "storage").isEmpty)
        #expect(
            recorder.entries == [
                "storage got checkout from cart", "network got checkout from cart", "catalog got checkout from cart",
                "storage got miss from catalog", "network got miss from catalog",
            ])
    }

    @Test(arguments: [
        (ModuleError.Direction.reportUp, "catalog", ModuleLevel.feature),
        (.reportUp, "cart", .feature),
        (.broadcastDown, "catalog", .foundation),
        (.broadcastDown, "cart", .domain),
        (.broadcastDown, "catalog", .domain),
    ])
    func aNotificationSentTheWrongWayIsRefusedAndReachesNobody(
        direction: ModuleError.Direction, sender: String, level: ModuleLevel
    ) async throws {
        let host = try await host()
        let senderLevel = try #require(host.modules.first { $0.id == sender }).level
        let error = ModuleError.wrongDirection(sender: sender, from: senderLevel, to: level, direction: direction)
        #expect(throws: error) {
            if direction == .reportUp {
                try host.reportUp(ModuleNotification("x"), from: sender, to: level)
            } else {
                try host.broadcastDown(ModuleNotification("x"), from: sender, to: level)
            }
        }
        #expect(recorder.entries.isEmpty)
    }

    @Test func anUnknownSenderIsRefused() async throws {
        let host = try await host()
        #expect(throws: ModuleError.unknownModule("ghost")) {
            try host.broadcastDown(ModuleNotification("x"), from: "ghost")
        }
    }

    @Test func theWordsMeanWhatBCKitsScopesMean() async throws {
        let host = try await host()
        // Down reaches the levels that build on the sender, as a broadcast down reaches nested
        // owners; up reaches the levels it builds on, as a report up reaches ancestors.
        let down = try host.broadcastDown(ModuleNotification("d"), from: "catalog")
        let up = try host.reportUp(ModuleNotification("u"), from: "catalog")
        let ranks = Dictionary(uniqueKeysWithValues: host.modules.map { ($0.id, $0.level) })
        #expect(down.allSatisfy { ranks[$0]! > .domain } && down == ["cart", "goods"])
        #expect(up.allSatisfy { ranks[$0]! < .domain } && up == ["storage", "network"])
        #expect(ModuleError.Direction.broadcastDown.description == "broadcast down")
        #expect(ModuleError.Direction.reportUp.description == "report up")
    }
}
