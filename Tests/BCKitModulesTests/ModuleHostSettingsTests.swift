import BCKit
import BCKitModules
import Testing

/// The navigation settings of a module host made after its launch take effect at the next URL;
/// guards, which the launch checks and builds on, stop the program when set afterwards.
@MainActor
@Suite struct ModuleHostSettingsTests {
    let recorder = Recorder()

    /// A launched host with one internal route and one external route, whose diagnostics the test keeps.
    func launchedHost(kept: DiagnosticsKept = DiagnosticsKept()) async throws -> ModuleHost {
        let host = ModuleHost()
        host.owner.onDiagnostic = { kept.all.append($0) }
        try host.register(
            RecordingModule("goods", recorder: recorder), info: ModuleInfo(id: "goods"),
            routes: [
                ModuleRoute("shop://goods/:id<Int>", name: "goods", external: true),
                ModuleRoute("shop://cart", name: "cart"),
            ])
        try await host.launch()
        recorder.entries.removeAll()
        return host
    }

    @Test func anUnmatchedHandlerSetAfterTheLaunchReceivesUnknownURLsAndSilencesTheDiagnostic() async throws {
        let kept = DiagnosticsKept()
        let host = try await launchedHost(kept: kept)
        let recorder = recorder
        host.unmatchedHandler = { recorder.record("not found \($0.url)") }
        #expect(try host.open("shop://nowhere") == .unmatched)
        #expect(recorder.entries == ["goods open shop://nowhere", "not found shop://nowhere"])
        #expect(kept.all.isEmpty)
        #expect(host.unmatchedHandler != nil)
        #expect(host.navigator?.unmatchedHandler != nil)
    }

    @Test func anUnmatchedHandlerRemovedAfterTheLaunchNoLongerRuns() async throws {
        let host = ModuleHost()
        let recorder = recorder
        host.unmatchedHandler = { recorder.record("not found \($0.url)") }
        try await host.launch()
        host.unmatchedHandler = nil
        #expect(try host.open("shop://nowhere") == .unmatched)
        #expect(recorder.entries.isEmpty)
        #expect(host.unmatchedHandler == nil)
    }

    @Test func aWebHandlerSetAfterTheLaunchReceivesWebURLs() async throws {
        let host = try await launchedHost()
        let recorder = recorder
        host.webHandler = { recorder.record("web \($0.url)") }
        #expect(try host.open("https://example.com/help") == .web)
        #expect(recorder.entries.last == "web https://example.com/help")
    }

    @Test func externalSchemesSetAfterTheLaunchLetOutsideLinksIn() async throws {
        let host = try await launchedHost()
        #expect(throws: RouteError.schemeNotAllowed("shop://goods/7", scheme: "shop")) {
            try host.open("shop://goods/7", from: .outside)
        }
        host.externalSchemes = ["Shop"]
        #expect(try host.open("shop://goods/7", from: .outside) == .opened("goods"))
        #expect(host.externalSchemes == ["shop"])
        #expect(host.navigator?.externalSchemes == ["shop"])
    }

    @Test func theHostReadsWhatWasSetOnItsNavigator() async throws {
        let host = try await launchedHost()
        let navigator = try #require(host.navigator)
        navigator.externalSchemes = ["shop"]
        navigator.webHandler = { _ in }
        #expect(host.externalSchemes == ["shop"])
        #expect(host.webHandler != nil)
    }

    @Test func settingsMadeBeforeTheLaunchReachTheNavigator() async throws {
        let host = ModuleHost()
        host.externalSchemes = ["shop"]
        host.webHandler = { _ in }
        host.unmatchedHandler = { _ in }
        #expect(host.navigator == nil)
        #expect(host.externalSchemes == ["shop"])
        try await host.launch()
        let navigator = try #require(host.navigator)
        #expect(navigator.externalSchemes == ["shop"])
        #expect(navigator.webHandler != nil)
        #expect(navigator.unmatchedHandler != nil)
    }

    @Test func guardsSetAfterTheLaunchStopTheProgramWithAMessageSayingToSetThemBefore() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await ModuleHostSettingsTests.setGuardsAfterLaunching()
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("ModuleHost.guards was set after launch(); "))
            #expect(message.contains("set every guard before launch()"))
        }
    }

    /// What the exit test runs in its own process.
    static func setGuardsAfterLaunching() async {
        let host = ModuleHost()
        try? await host.launch()
        host.guards = [RouteGuard(name: "signedIn", url: "shop://login") { false }]
    }
}
