public import BCKit
public import Foundation

/// A tracer that records a session as data: every dispatch with its receivers and what it caused,
/// the owner tree as it changes, lifecycle states, controller tasks and diagnostics, written as
/// versioned JSON Lines (see <doc:RecordingFormat>) and turned into an inspector page by
/// ``InspectorPage``.
///
/// ```swift
/// let recorder = InspectorRecorder()
/// recorder.record(screen.owner)
/// // ... the session runs ...
/// try recorder.writePage(to: URL(filePath: "session.html"))
/// ```
///
/// One recorder covers an owner, the owners nested in it and those nested later: it installs
/// itself as the tracer of each nested owner that has none. It never records argument values,
/// only the names of conversations and, when the sender gives it, of the message.
///
/// Debug diagnostics still print while a recorder is attached: the diagnostics hook also reports
/// each to the owner's tracer as a `diagnostic` event, which the recorder records (or call
/// ``recordDiagnostic(_:owner:)`` directly). A recording is read after the session, and a
/// developer watching the console must not lose a warning because a recording is being made.
@MainActor
public final class InspectorRecorder: DispatchTracer {
    /// The version of the recording format this recorder writes; see <doc:RecordingFormat>.
    public static let formatVersion = 1

    /// Whether lines carry times relative to the recorder's start; without them the same
    /// session always gives the same file.
    public let recordsTimestamps: Bool

    /// How many dispatches have been recorded so far.
    public private(set) var dispatchCount = 0

    private let start = ContinuousClock.now
    private var lines: [String] = []
    private var nextSequence = 0
    /// The owners seen, by identity; an owner freed may give its identity to a new one, so the
    /// weak reference is checked.
    private var owners: [ObjectIdentifier: KnownOwner] = [:]
    private var nextOwnerID = 0
    private var running: [DispatchID: RunningDispatch] = [:]
    /// The synchronous dispatches running, innermost last: what a new event is nested under.
    private var stack: [Int] = []
    /// The key of the retained message whose dispatch comes next.
    private var retainedKey: String?

    private struct KnownOwner {
        let id: Int
        weak var owner: Owner?
    }

    private struct RunningDispatch {
        let sequence: Int
        let parent: Int?
        let at: Duration
        let retainedKey: String?
    }

    /// Creates a recorder; it records nothing until it is installed as a tracer or given an
    /// owner with ``record(_:)``.
    ///
    /// - Parameter timestamps: Whether to record times; `false` gives deterministic files.
    public init(timestamps: Bool = true) {
        recordsTimestamps = timestamps
    }

    /// Starts recording an owner and every owner nested in it, now or later: the recorder becomes
    /// their tracer (a nested owner that has a tracer of its own keeps it) and writes down the
    /// tree as it stands.
    ///
    /// - Parameter owner: The owner to record; it holds the recorder, which holds it weakly.
    public func record(_ owner: Owner) {
        owner.tracer = self
        cover(owner, change: "recorded", subject: nil)
    }

    /// Records a debug diagnostic (DESIGN 21), nested under the dispatch running, if any. It does
    /// not print it: the diagnostics hook still prints as usual.
    ///
    /// - Parameters:
    ///   - message: The diagnostic's text.
    ///   - owner: The name of the owner it concerns, if any.
    public func recordDiagnostic(_ message: String, owner: String? = nil) {
        var members = head("diagnostic", sequence: takeSequence(), parent: stack.last)
        members.append(("owner", owner.map(JSONValue.string) ?? .null))
        members.append(("text", .string(message)))
        append(members)
    }

    /// The recording so far: a header line, then one JSON object per line, each ending in a
    /// newline.
    public var jsonLines: String {
        let header: JSONValue = .object([
            ("format", .string("bckit-inspector")),
            ("version", .int(Self.formatVersion)),
            ("timestamps", .bool(recordsTimestamps)),
        ])
        return ([header.encoded] + lines).joined(separator: "\n") + "\n"
    }

    /// Writes ``jsonLines`` to a file.
    ///
    /// - Parameter url: The file to write.
    /// - Throws: The file system's error.
    public func write(to url: URL) throws {
        try Data(jsonLines.utf8).write(to: url, options: .atomic)
    }

    /// Writes the inspector page for the recording so far.
    ///
    /// - Parameters:
    ///   - url: The HTML file to write.
    ///   - title: The page's title.
    /// - Throws: The file system's error.
    public func writePage(to url: URL, title: String = "BCKit Inspector") throws {
        try InspectorPage.write(recording: jsonLines, to: url, title: title)
    }

    // MARK: DispatchTracer

    /// Notes the start of a dispatch: its place in the recording and what it is nested under.
    ///
    /// - Parameter dispatch: The dispatch about to run.
    public func willDispatch(_ dispatch: DispatchRecord) {
        guard let id = dispatch.id else { return }
        let sequence = takeSequence()
        var key: String?
        if dispatch.kind == .send, let pending = retainedKey {
            key = pending
            retainedKey = nil
        }
        running[id] = RunningDispatch(sequence: sequence, parent: stack.last, at: elapsed, retainedKey: key)
        if !dispatch.isAsynchronous { stack.append(sequence) }
    }

    /// Records a finished dispatch, and after a lifecycle delivery the owner's new states.
    ///
    /// - Parameter dispatch: What happened.
    public func didDispatch(_ dispatch: DispatchRecord) {
        let started = dispatch.id.flatMap { running.removeValue(forKey: $0) }
        if let started, let position = stack.lastIndex(of: started.sequence) { stack.remove(at: position) }
        let sequence = started?.sequence ?? takeSequence()
        let parent: Int? = started != nil ? started?.parent : stack.last
        var members = head("dispatch", sequence: sequence, parent: parent, at: started?.at)
        var ignored: [String: String] = [:]
        for delivery in dispatch.defaulted where ignored[delivery.receiver] == nil {
            ignored[delivery.receiver] = delivery.method
        }
        var receivers: [JSONValue] = []
        for name in dispatch.receivers {
            var receiver: [(String, JSONValue)] = [("name", .string(name)), ("handled", .bool(ignored[name] == nil))]
            if let method = ignored[name] { receiver.append(("default", .string(method))) }
            receivers.append(.object(receiver))
        }
        let handled = dispatch.receivers.contains { ignored[$0] == nil }
        let message = dispatch.message ?? started?.retainedKey
        members.append(("kind", .string(dispatch.kind.description)))
        members.append(("owner", .string(dispatch.owner)))
        members.append(("conversation", .string(dispatch.conversation)))
        members.append(("message", optional(message)))
        members.append(("sender", optional(dispatch.sender)))
        members.append(("scope", .string(dispatch.scope.description)))
        members.append(("receivers", .array(receivers)))
        members.append(("unhandled", .bool(dispatch.kind != .lifecycle && !handled)))
        if started?.retainedKey != nil { members.append(("retained", .bool(true))) }
        if dispatch.conversation == "HostServiceConversation" { members.append(("hostRequest", .bool(true))) }
        if dispatch.isAsynchronous { members.append(("async", .bool(true))) }
        if recordsTimestamps { members.append(("duration", microseconds(dispatch.duration))) }
        append(members)
        dispatchCount += 1
        if dispatch.kind == .lifecycle, let owner = knownOwner(named: dispatch.owner) {
            snapshot(owner, change: "lifecycle", subject: dispatch.conversation)
        }
    }

    /// Records a change of the owner tree, a retained message or a controller task.
    ///
    /// - Parameter event: What happened.
    public func didObserve(_ event: TraceEvent) {
        switch event.kind {
        case .retained:
            retainedKey = event.detail
        case .diagnostic:
            recordDiagnostic(event.detail ?? "", owner: event.owner.name)
        case .taskStarted, .taskFinished, .taskCancelled:
            var members = head("task", sequence: takeSequence(), parent: stack.last)
            members.append(("change", .string(event.kind.description)))
            members.append(("owner", .string(event.owner.name)))
            members.append(("controller", event.subject.map(JSONValue.string) ?? .null))
            append(members)
        default:
            if let nested = event.controller as? Owner, event.kind == .attached {
                if nested.tracer == nil { nested.tracer = self }
                cover(nested, change: "recorded", subject: nil)
            }
            cover(event.owner, change: event.kind.description, subject: event.subject)
        }
    }

    // MARK: Lines

    /// Writes down an owner's tree as it stands, and that of every owner nested in it; nested
    /// owners without a tracer get this one.
    private func cover(_ owner: Owner, change: String, subject: String?) {
        snapshot(owner, change: change, subject: subject)
        for case let nested as Owner in owner.controllers where id(of: nested) == nil || change == "recorded" {
            if nested.tracer == nil { nested.tracer = self }
            cover(nested, change: "recorded", subject: nil)
        }
    }

    /// One `owner` line: the owner, its state and its controllers in order with theirs.
    private func snapshot(_ owner: Owner, change: String, subject: String?) {
        let ownerID = register(owner)
        var members = head("owner", sequence: takeSequence(), parent: stack.last)
        let controllers: [JSONValue] = owner.controllers.map { controller in
            var entry: [(String, JSONValue)] = [
                ("name", .string(name(of: controller))),
                ("state", .string(owner.state(of: controller)?.description ?? "detached")),
            ]
            if let nested = controller as? Owner { entry.append(("ownerID", .int(register(nested)))) }
            return .object(entry)
        }
        members += [
            ("change", .string(change)),
            ("subject", subject.map(JSONValue.string) ?? .null),
            ("ownerID", .int(ownerID)),
            ("owner", .string(owner.name)),
            ("parentID", owner.parent.map { .int(register($0)) } ?? .null),
            ("state", .string(owner.state.description)),
            ("controllers", .array(controllers)),
        ]
        append(members)
    }

    /// The members every line starts with; `at` is when it started, by default now.
    private func head(_ type: String, sequence: Int, parent: Int?, at: Duration? = nil) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("seq", .int(sequence)), ("type", .string(type))]
        if let parent {
            members.append(("parent", .int(parent)))
        } else {
            members.append(("parent", .null))
        }
        if recordsTimestamps { members.append(("at", microseconds(at ?? elapsed))) }
        return members
    }

    private func append(_ members: [(String, JSONValue)]) {
        lines.append(JSONValue.object(members).encoded)
    }

    private func optional(_ text: String?) -> JSONValue {
        guard let text else { return .null }
        return .string(text)
    }

    private func takeSequence() -> Int {
        nextSequence += 1
        return nextSequence
    }

    private var elapsed: Duration { ContinuousClock.now - start }

    private func microseconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        return .int(Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
    }

    // MARK: Owners

    private func id(of owner: Owner) -> Int? {
        guard let known = owners[ObjectIdentifier(owner)], known.owner === owner else { return nil }
        return known.id
    }

    private func register(_ owner: Owner) -> Int {
        if let id = id(of: owner) { return id }
        nextOwnerID += 1
        owners[ObjectIdentifier(owner)] = KnownOwner(id: nextOwnerID, owner: owner)
        return nextOwnerID
    }

    /// The live owner of that name seen last: dispatch records name their owner, not hold it.
    private func knownOwner(named name: String) -> Owner? {
        owners.values.filter { $0.owner?.name == name }.max { $0.id < $1.id }?.owner
    }

    private func name(of controller: any BusinessController) -> String {
        if let owner = controller as? Owner { return owner.name }
        return String(describing: type(of: controller))
    }
}
