import BCKit
import Testing

/// The tracer a ``TestOwner`` installs on its owner: it turns dispatches into ``SentMessage``s.
///
/// The owner holds its tracer strongly, so the recorder holds nothing that holds the owner: stubs
/// weakly, names otherwise.
@MainActor
final class Recorder: DispatchTracer {
    private struct StubEntry {
        let name: String
        weak var stub: StubController?
    }

    /// Where what the recording reports as it happens goes: the line of the harness call running,
    /// else the line that created the test owner.
    var issueLocation: SourceLocation?

    /// Reports what happens at `location` until the location it returns is put back: a harness
    /// call's line, so a kit diagnostic the call causes fails the test where the test made it.
    func reportDiagnostics(at location: SourceLocation) -> SourceLocation? {
        defer { issueLocation = location }
        return issueLocation
    }

    /// The names of the controllers under test, in mount order.
    private(set) var namesUnderTest: [String] = []
    /// The names of the stubs: a message the test sends that reaches only these reaches nothing
    /// the test checks.
    private(set) var stubNames: Set<String> = []
    /// The conversations whose messages from the test the controllers under test may leave to
    /// their defaults without failing the test: host events, and what the test allowed.
    var mayBeIgnored: Set<ObjectIdentifier> = [ObjectIdentifier((any HostEventConversation).self)]
    private var stubEntries: [StubEntry] = []

    /// A recorded message, and whether it came with no sender at the top level: those may be the
    /// test's own sends, which ``dropHostDispatch(since:conversation:)`` removes.
    private struct Entry {
        var message: SentMessage
        let isUnattributedTopLevel: Bool
        /// Which dispatch it records, so ``didRetainLastDispatch(of:)`` can find it.
        let serial: Int
        /// The receivers under test that left it to their default, with the method.
        let ignoredUnderTest: [DefaultedDelivery]
        /// Whether a receiver under test handled it: its own method ran.
        let isHandledUnderTest: Bool
    }

    /// The name of the hidden sibling ``TestOwner/center`` sends as; what it sends is the test's.
    var testSenderName: String?

    /// What the test sent through ``TestOwner/center``, in the order the dispatches finished.
    var testDispatches: [TestDispatch] = []

    /// The serial of the dispatch reported last, and of the last one recorded.
    private var lastSerial = 0

    /// The finished top-level dispatches and everything they caused, in the order they started.
    private var settled: [Entry] = []

    /// Nested dispatches waiting for the one that caused them. The tracer hears of a dispatch when
    /// it finishes, so nested ones arrive first; each is parked here with its depth until its
    /// parent arrives and takes it, which turns finish order back into the order they started.
    private var nested: [(depth: Int, entries: [Entry])] = []

    /// Everything the controllers under test sent, in the order they sent it.
    var messages: [SentMessage] {
        settled.map(\.message) + nested.flatMap { $0.entries.map(\.message) }
    }

    /// Registers a controller under test by name.
    ///
    /// - Returns: Why it cannot be one, when a stub has its name: the recording tells them apart
    ///   by name. The test owner reports that as an issue rather than stopping the test run.
    func registerUnderTest(_ name: String, _ controller: any BusinessController) -> String? {
        guard !stubNames.contains(name) else {
            return "\(name) is already a stub here; a controller under test and a stub need different types."
        }
        if !namesUnderTest.contains(name) { namesUnderTest.append(name) }
        heldControllers.append(Held(controller: controller))
        return nil
    }

    /// A controller this recording's test owner held, as a controller under test or a stub.
    private struct Held {
        weak var controller: (any BusinessController)?
    }

    /// Every controller mounted or stubbed here, alive or not: what ``LiveRecorders`` asks about.
    private var heldControllers: [Held] = []

    /// The stubs still alive, in the order they were stubbed.
    var liveStubs: [any BusinessController] {
        let underTest = Set(namesUnderTest)
        return heldControllers.compactMap(\.controller).filter { !underTest.contains(displayName(of: $0)) }
    }

    /// Drops the calls stubs made outside any recording (the leak probe's), so that the next test
    /// owner using the same stub does not take them for its own.
    func discardUnrecordedStubCalls() {
        for entry in stubEntries { _ = entry.stub?.claimCalls() }
    }

    /// Whether `controller` was mounted or stubbed in this recording's test owner, so that what it
    /// sends after it left still belongs to this test.
    func held(_ controller: AnyObject) -> Bool {
        heldControllers.contains { $0.controller === controller }
    }

    /// Registers a stub by name.
    ///
    /// - Returns: Why it cannot be one, when a controller under test has its name.
    func registerStub(_ name: String, _ stub: (any BusinessController)?) -> String? {
        guard !namesUnderTest.contains(name) else {
            return "\(name) is a controller under test; give the stub its own type."
        }
        stubNames.insert(name)
        if let stub { heldControllers.append(Held(controller: stub)) }
        if let stub = stub as? StubController {
            stubEntries.append(StubEntry(name: name, stub: stub))
        }
        return nil
    }

    /// Every lifecycle event delivered, by receiver name, in the order each controller got them:
    /// fan-outs, catch-ups and closings alike.
    private(set) var lifecycleLog: [(receiver: String, event: LifecycleEvent)] = []
    /// Catch-ups and closings delivered inside a fan-out's callback, reported before it.
    private var nestedLifecycle: [(depth: Int, entries: [(receiver: String, event: LifecycleEvent)])] = []

    /// The controllers that got a saved piece back, by name, in the order they got it.
    private(set) var restored: [String] = []

    func didObserve(_ event: TraceEvent) {
        if event.kind == .restored, let subject = event.subject { restored.append(subject) }
    }

    func didDispatch(_ dispatch: DispatchRecord) {
        guard dispatch.kind != .lifecycle else {
            recordLifecycle(dispatch)
            return
        }
        lastSerial += 1
        var entries: [Entry] = []
        if let testSenderName, dispatch.sender == testSenderName {
            _ = claimCalls(of: dispatch.receivers)
            testDispatches.append(
                TestDispatch(
                    conversation: dispatch.conversation,
                    conversationID: dispatch.conversationID,
                    receivers: dispatch.receivers,
                    ignoredUnderTest: ignoredUnderTest(dispatch),
                    isHandledUnderTest: isHandledUnderTest(dispatch),
                    serial: lastSerial
                ))
        } else if let entry = entry(for: dispatch) {
            entries.append(entry)
        }
        var children: [Entry] = []
        while let last = nested.last, last.depth > dispatch.depth {
            children = last.entries + children
            nested.removeLast()
        }
        entries += children
        if dispatch.depth == 0 {
            settled += entries
        } else {
            nested.append((dispatch.depth, entries))
        }
    }

    /// Puts a lifecycle record's events in the order each controller got them. A nested delivery
    /// (a catch-up or closing from inside a fan-out's callback) reaches a controller after that
    /// fan-out did, if it reached it at all, so its entries follow that controller's.
    ///
    /// A will-reuse is no `LifecycleEvent`, so it adds no entry of its own; the closing events
    /// nested in it were still delivered, before it, and are placed where it would be: left
    /// waiting, they would be taken into the next fan-out, after its event.
    private func recordLifecycle(_ dispatch: DispatchRecord) {
        let event = LifecycleEvent.allCases.first { $0.description == dispatch.conversation }
        var children: [(receiver: String, event: LifecycleEvent)] = []
        while let last = nestedLifecycle.last, last.depth > dispatch.depth {
            children = last.entries + children
            nestedLifecycle.removeLast()
        }
        var entries: [(receiver: String, event: LifecycleEvent)] = []
        for receiver in dispatch.receivers {
            if let event { entries.append((receiver, event)) }
            entries += children.filter { $0.receiver == receiver }
            children.removeAll { $0.receiver == receiver }
        }
        entries += children
        if dispatch.depth == 0 {
            lifecycleLog += entries
        } else {
            nestedLifecycle.append((dispatch.depth, entries))
        }
    }

    /// The record of one dispatch, or `nil` when it was not sent by a controller under test.
    private func entry(for dispatch: DispatchRecord) -> Entry? {
        let calls = claimCalls(of: dispatch.receivers)
        let sender: String?
        if let named = dispatch.sender {
            // A stub, or something the test attached to the owner itself, is not under test.
            guard namesUnderTest.contains(named) else { return nil }
            sender = named
        } else {
            // Sent outside every callback BCKit runs (from a task, an async receiver or a reply
            // answered later): only the controllers under test send such things.
            sender = namesUnderTest.count == 1 ? namesUnderTest[0] : nil
        }
        // Names repeat when two receivers share a type: each default marks the next of its name.
        var defaulted = dispatch.defaulted.map(\.receiver)
        let receivers = dispatch.receivers.map { name in
            let ignored = defaulted.firstIndex(of: name).map { defaulted.remove(at: $0) } != nil
            return SentMessage.Receiver(name: name, isStub: stubNames.contains(name), isIgnored: ignored)
        }
        var message = SentMessage(
            kind: dispatch.kind,
            conversation: dispatch.conversation,
            conversationID: dispatch.conversationID,
            sender: sender,
            receivers: receivers,
            calls: calls
        )
        message.scope = dispatch.scope
        return Entry(
            message: message,
            isUnattributedTopLevel: dispatch.sender == nil && dispatch.depth == 0,
            serial: lastSerial,
            ignoredUnderTest: ignoredUnderTest(dispatch),
            isHandledUnderTest: isHandledUnderTest(dispatch)
        )
    }

    /// The controllers under test that left the message to their default; none for a
    /// conversation the test allows them to ignore (``TestOwner/allowIgnoring(_:)``; host events
    /// from the start). Whether the conversation is quiet plays no part: that is about the debug
    /// console, this about a test.
    private func ignoredUnderTest(_ dispatch: DispatchRecord) -> [DefaultedDelivery] {
        if let conversation = dispatch.conversationID, mayBeIgnored.contains(conversation) { return [] }
        return dispatch.defaulted.filter { namesUnderTest.contains($0.receiver) }
    }

    /// Whether some receiver under test handled the dispatch: the kit's rule for an unhandled
    /// message (DispatchRecord.isUnhandled, counting as it does, so two receivers of one name
    /// count twice), with the stubs left out. A test's message must reach one controller under
    /// test that acts on it; the others may speak the conversation for other messages.
    private func isHandledUnderTest(_ dispatch: DispatchRecord) -> Bool {
        let reached = dispatch.receivers.count(where: namesUnderTest.contains)
        let defaulted = dispatch.defaulted.count { namesUnderTest.contains($0.receiver) }
        return reached > defaulted
    }

    /// Marks the dispatch reported last as retained: kept for controllers attached later.
    func didRetainLastDispatch(of conversation: ObjectIdentifier) {
        if let position = testDispatches.lastIndex(where: { $0.serial == lastSerial }) {
            testDispatches[position].isRetained = true
            return
        }
        if let position = settled.lastIndex(where: { $0.serial == lastSerial }) {
            settled[position].message.isRetained = true
            return
        }
        for group in nested.indices.reversed() {
            if let position = nested[group].entries.lastIndex(where: { $0.serial == lastSerial }) {
                nested[group].entries[position].message.isRetained = true
                return
            }
        }
    }

    /// Removes the test's own send: the last message with no sender, at the top level and of its
    /// conversation, recorded since it started. What a sync send caused is nested under it; what
    /// the receivers of an async send sent is recorded at the top level, before it.
    @discardableResult
    func dropHostDispatch(since start: Int, conversation: ObjectIdentifier) -> TestDispatch? {
        guard
            start <= settled.count,
            let position = settled.indices[start...].last(where: {
                settled[$0].isUnattributedTopLevel && settled[$0].message.conversationID == conversation
            })
        else { return nil }
        let entry = settled.remove(at: position)
        return TestDispatch(
            conversation: entry.message.conversation,
            conversationID: entry.message.conversationID,
            receivers: entry.message.receivers.map(\.name),
            ignoredUnderTest: entry.ignoredUnderTest,
            isHandledUnderTest: entry.isHandledUnderTest,
            serial: entry.serial
        )
    }

    /// The calls the receiving stubs recorded, in delivery order.
    private func claimCalls(of receivers: [String]) -> [StubCall] {
        var claimed: [StubCall] = []
        var seen: Set<String> = []
        for name in receivers where seen.insert(name).inserted {
            for entry in stubEntries where entry.name == name {
                claimed += entry.stub?.claimCalls() ?? []
            }
        }
        return claimed
    }
}
