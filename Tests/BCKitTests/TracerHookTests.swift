import BCKit
import Testing

/// Hears the start, the end and the events of everything, as a recorder does.
@MainActor
private final class BracketTracer: DispatchTracer {
    var log: [String] = []
    var starts: [DispatchRecord] = []
    var ends: [DispatchRecord] = []

    func willDispatch(_ dispatch: DispatchRecord) {
        starts.append(dispatch)
        log.append("start \(dispatch.conversation)")
    }

    func didDispatch(_ dispatch: DispatchRecord) {
        ends.append(dispatch)
        log.append("end \(dispatch.conversation)")
    }

    func didObserve(_ event: TraceEvent) {
        log.append("\(event.kind) \(event.subject ?? "-")")
    }
}

@MainActor
@Suite struct TracerHookTests {
    let journal = Journal()

    @Test func aDispatchStartsAndEndsWithOneIdAroundTheDispatchesItCauses() throws {
        let owner = Owner()
        let tracer = BracketTracer()
        let a = Probe("A", journal)
        try owner.attach(a)
        owner.addObserver(tracer)
        a.onPing = { [unowned owner] value in
            if value == 1 { owner.center.send((any PingConversation).self) { $0.ping(2) } }
        }
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            tracer.log == [
                "start PingConversation", "start PingConversation", "end PingConversation", "end PingConversation",
            ])
        #expect(tracer.starts.map(\.id) == tracer.ends.reversed().map(\.id))
        #expect(tracer.starts[0].id != tracer.starts[1].id && tracer.starts[0].id != nil)
        #expect(tracer.starts[0].receivers.isEmpty && tracer.ends[0].receivers == ["Probe"])
    }

    @Test func lifecycleDeliveriesAndTreeChangesAreReported() throws {
        let owner = Owner()
        let tracer = BracketTracer()
        owner.addObserver(tracer)
        let a = Probe("A", journal)
        try owner.attach(a)
        try owner.didLoad()
        try owner.detach(a)
        #expect(tracer.log == ["attached Probe", "start did-load", "end did-load", "detached Probe"])
        #expect(tracer.starts.map(\.id) == tracer.ends.map(\.id))
    }

    @Test func aTracerThatImplementsOnlyTheEndStillHearsEveryDispatch() throws {
        let owner = Owner()
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        try owner.attach(Probe("A", journal))
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(tracer.dispatches.map(\.conversation) == ["PingConversation"])
        #expect(tracer.dispatches[0].id != nil)
    }
}
