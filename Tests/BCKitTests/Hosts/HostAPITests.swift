import BCKit
import Testing

// Pins the hosts' public API: if a signature, an isolation or a `Sendable` conformance changes, this
// file stops compiling.

private func requireSendableValue<T: Sendable & Hashable>(_: T.Type) {}

@MainActor
@Suite struct HostAPITests {
    @Test func hostValuesAreSendableHashableAndDescribeThemselves() {
        requireSendableValue(HostSize.self)
        requireSendableValue(HostTraits.self)
        requireSendableValue(HostTraits.SizeClass.self)
        requireSendableValue(HostTraits.Appearance.self)
        requireSendableValue(HostDiagnostic.self)
        #expect(Set([HostTraits.SizeClass.unspecified, .compact, .regular]).count == 3)
        #expect(Set([HostTraits.Appearance.unspecified, .light, .dark]).count == 3)
        #expect(HostTraits() == HostTraits(horizontalSizeClass: .unspecified, appearance: .unspecified))
        #expect(HostTraits().description == "horizontal unspecified, vertical unspecified, unspecified, scale 0.0")
    }

    @Test func theRelayHasTheDocumentedShape() {
        let relay: HostRelay = HostRelay(owner: Owner())
        let callbacks: [() -> Void] = [
            relay.viewDidLoad, relay.viewWillAppear, relay.viewDidAppear, relay.viewWillDisappear,
            relay.viewDidDisappear, relay.appeared, relay.disappeared, relay.tearDown,
        ]
        let events: [() -> Void] = [relay.didReceiveMemoryWarning, relay.didEnterBackground, relay.willEnterForeground]
        let size: (HostSize) -> Void = relay.sizeWillChange(to:)
        let traits: (HostTraits) -> Void = relay.traitsDidChange(_:)
        let hook: Diagnostic.Handler? = relay.owner.onDiagnostic
        let appEvents: CommunicationCenter = relay.events
        let box: (() -> Owner) -> HostRelay = LazyHostRelay().relay(_:)
        _ = (size, traits, hook, box, appEvents)
        #expect(callbacks.count == 8 && events.count == 3)
        #expect(relay.owner.state == .initial)
    }
}
