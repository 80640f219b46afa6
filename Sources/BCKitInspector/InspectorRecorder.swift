public import BCKit
public import Foundation

/// An observer that records a session as data: every dispatch with its receivers and what it caused,
/// the owner tree as it changes, lifecycle states, controller tasks, app markers and diagnostics,
/// written as versioned JSON Lines (see <doc:RecordingFormat>) and turned into an inspector page
/// by ``InspectorPage``.
///
/// ```swift
/// let recorder = InspectorRecorder()
/// recorder.record(screen.owner)
/// // ... the session runs ...
/// try recorder.writePage(to: URL(filePath: "session.html"))
/// ```
///
/// One recorder covers an owner, the owners nested in it and those nested later: it is one of the
/// owner's observers (``record(_:)`` adds it with `addObserver`), so it leaves every other
/// observer in place, and an owner's observers observe its nested owners too. It never records
/// argument values, only the names of conversations and, when the sender gives it, of the message.
///
/// Each owner and each controller gets a number when the recording first sees it, kept for the
/// whole recording: two controllers of the same type in two owners are told apart by it, so the
/// page highlights the one that took part, not every one of that name.
///
/// Debug diagnostics still print while a recorder is attached: the diagnostics hook also reports
/// each to the owner's observers as a `diagnostic` event, which the recorder records (or call
/// ``recordDiagnostic(_:owner:)`` directly). A recording is read after the session, and a
/// developer watching the console must not lose a warning because a recording is being made.
@MainActor
public final class InspectorRecorder: DispatchTracer {
    /// The version of the recording format this recorder writes; see <doc:RecordingFormat>.
    ///
    /// Version 2 numbers controllers (`id`), names owners and controllers by number in
    /// dispatches, tasks, tree changes and diagnostics, and adds markers; the page still reads
    /// version 1.
    public static let formatVersion = 2

    /// Whether lines carry times relative to the recorder's start; without them the same
    /// session always gives the same file.
    public let recordsTimestamps: Bool

    /// How many dispatches have been recorded so far.
    public private(set) var dispatchCount = 0

    private let start = ContinuousClock.now
    private var lines: [String] = []
    private var nextSequence = 0
    /// The owners seen, by identity, and their numbers.
    private var owners = Registry()
    /// The controllers seen, by identity, and their numbers (a nested owner is one too).
    private var controllers = Registry()
    private var running: [DispatchID: RunningDispatch] = [:]
    /// The synchronous dispatches running, innermost last: what a new event is nested under.
    private var stack: [Int] = []
    /// The key of the retained message whose dispatch comes next.
    private var retainedKey: String?
    /// The dispatch written last, while no other line has followed it, with the kit's identity
    /// of it: a diagnostic the kit reported as that dispatch ended names the identity.
    private var justFinished: (id: DispatchID, sequence: Int)?

    /// Objects numbered in the order they are first seen. An object freed may give its identity
    /// to a new one, so each number keeps its object weakly and a stale entry is numbered anew.
    private struct Registry {
        private struct Entry {
            let number: Int
            weak var object: AnyObject?
        }

        private var entries: [ObjectIdentifier: Entry] = [:]
        private var last = 0

        func number(of object: AnyObject) -> Int? {
            guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
            return entry.number
        }

        mutating func register(_ object: AnyObject) -> Int {
            if let number = number(of: object) { return number }
            last += 1
            entries[ObjectIdentifier(object)] = Entry(number: last, object: object)
            return last
        }

        /// The number of an object known only by its identity, while it is alive.
        func number(of identity: ObjectIdentifier) -> Int? {
            guard let entry = entries[identity], entry.object != nil else { return nil }
            return entry.number
        }

        /// The object of an identity, while it is alive.
        func object(of identity: ObjectIdentifier) -> AnyObject? {
            entries[identity]?.object
        }
    }

    private struct RunningDispatch {
        /// The dispatch as it started, written unfinished while it runs.
        let start: DispatchRecord
        let sequence: Int
        let parent: Int?
        let at: Duration
        let retainedKey: String?
    }

    /// Creates a recorder; it records nothing until it is added as an observer or given an
    /// owner with ``record(_:)``.
    ///
    /// - Parameter timestamps: Whether to record times; `false` gives deterministic files.
    public init(timestamps: Bool = true) {
        recordsTimestamps = timestamps
    }

    /// Starts recording an owner and every owner nested in it, now or later: the recorder becomes
    /// one of their observers, beside any others, and writes down the tree as it stands.
    ///
    /// Recording an owner already recorded, or nested in one that is, adds no second observer.
    ///
    /// - Parameter owner: The owner to record; it holds the recorder, which holds it weakly.
    public func record(_ owner: Owner) {
        if !owner.observers.contains(where: { $0 === self }) { owner.addObserver(self) }
        cover(owner, change: "recorded", subject: nil)
    }

    /// Records a debug diagnostic (DESIGN 21), nested under the dispatch running, if any. It does
    /// not print it: the diagnostics hook still prints as usual.
    ///
    /// Only a diagnostic the kit reports links to a dispatch: one reported as a dispatch ended
    /// names that dispatch. One recorded here links to none.
    ///
    /// - Parameters:
    ///   - message: The diagnostic's text.
    ///   - owner: The name of the owner it concerns, if any.
    public func recordDiagnostic(_ message: String, owner: String? = nil) {
        recordDiagnostic(message, owner: owner, ownerID: nil, about: nil)
    }

    /// The recording so far: a header line, then one JSON object per line, each ending in a
    /// newline.
    ///
    /// A dispatch still running, when this is read from inside a receiver or while an async send
    /// awaits its receivers, is written as it started, marked `unfinished`: so every `parent` a
    /// line names is in the recording.
    public var jsonLines: String {
        let header: JSONValue = .object([
            ("format", .string("bckit-inspector")),
            ("version", .int(Self.formatVersion)),
            ("timestamps", .bool(recordsTimestamps)),
        ])
        let unfinished = running.values.sorted { $0.sequence < $1.sequence }.map { entry in
            JSONValue.object(
                dispatchMembers(
                    entry.start, sequence: entry.sequence, parent: entry.parent, at: entry.at,
                    retainedKey: entry.retainedKey, isFinished: false)
            ).encoded
        }
        return ([header.encoded] + lines + unfinished).joined(separator: "\n") + "\n"
    }

    /// Writes ``jsonLines`` to a file, for ``InspectorPage`` or another tool to read later.
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
        if let owner = dispatch.ownerObject { meet(owner) }
        let sequence = takeSequence()
        var key: String?
        if dispatch.kind == .send, let pending = retainedKey {
            key = pending
            retainedKey = nil
        }
        running[id] = RunningDispatch(
            start: dispatch, sequence: sequence, parent: stack.last, at: elapsed, retainedKey: key)
        if !dispatch.isAsynchronous { stack.append(sequence) }
    }

    /// Records a finished dispatch, and after a lifecycle delivery the owner's new states.
    ///
    /// - Parameter dispatch: What happened.
    public func didDispatch(_ dispatch: DispatchRecord) {
        // A delivery reported only as it ends (will-reuse) may be the first this recorder hears of its owner.
        if let owner = dispatch.ownerObject { meet(owner) }
        let started = dispatch.id.flatMap { running.removeValue(forKey: $0) }
        if let started, let position = stack.lastIndex(of: started.sequence) { stack.remove(at: position) }
        let sequence = started?.sequence ?? takeSequence()
        let parent: Int? = started != nil ? started?.parent : stack.last
        let owner = dispatch.ownerID.flatMap { owners.object(of: $0) as? Owner }
        append(
            dispatchMembers(
                dispatch, sequence: sequence, parent: parent, at: started?.at, retainedKey: started?.retainedKey,
                isFinished: true))
        justFinished = dispatch.id.map { ($0, sequence) }
        dispatchCount += 1
        if dispatch.kind == .lifecycle, let owner {
            snapshot(owner, change: "lifecycle", subject: dispatch.conversation, subjectID: nil, reason: nil)
        }
    }

    /// Records a change of the owner tree, an app marker, a retained message, a controller task or
    /// a diagnostic; an event of a kind this recorder does not know is written as a generic
    /// `event` line, so a newer kit's events are kept, not lost.
    ///
    /// - Parameter event: What happened.
    public func didObserve(_ event: TraceEvent) {
        switch event.kind {
        case .retained:
            retainedKey = event.detail
        case .diagnostic:
            recordDiagnostic(
                event.detail ?? "", owner: event.owner.name, ownerID: meet(event.owner),
                about: event.dispatch)
        case .taskStarted, .taskFinished, .taskCancelled:
            let ownerID = meet(event.owner)
            var members = head("task", sequence: takeSequence(), parent: stack.last)
            members.append(("change", .string(event.kind.description)))
            members.append(("owner", .string(event.owner.name)))
            members.append(("ownerID", .int(ownerID)))
            members.append(("controller", optional(event.subject)))
            append(members)
        case .attached, .detached, .lazilyCreated:
            if let nested = event.controller as? Owner, event.kind == .attached {
                cover(nested, change: "recorded", subject: nil)
            }
            let subjectID = event.controller.map { controllers.register($0) }
            // Why a lazy controller was created: its first message's conversation, or the appearance.
            let reason = event.kind == .lazilyCreated ? event.detail : nil
            cover(
                event.owner, change: event.kind.description, subject: event.subject, subjectID: subjectID,
                reason: reason)
            // A nested owner leaving says so in a line of its own: its latest line still names the
            // parent, which would keep it nested there.
            if let nested = event.controller as? Owner, event.kind == .detached {
                snapshot(nested, change: "detached", subject: nested.name, subjectID: subjectID, reason: nil)
            }
        case .marker:
            let ownerID = meet(event.owner)
            var members = head("marker", sequence: takeSequence(), parent: stack.last)
            members.append(("label", .string(event.detail ?? "")))
            members.append(("owner", .string(event.owner.name)))
            members.append(("ownerID", .int(ownerID)))
            append(members)
        default:
            let ownerID = meet(event.owner)
            var members = head("event", sequence: takeSequence(), parent: stack.last)
            members.append(("kind", .string(event.kind.description)))
            members.append(("subject", optional(event.subject)))
            members.append(("subjectID", event.controller.map { .int(controllers.register($0)) } ?? .null))
            members.append(("detail", optional(event.detail)))
            members.append(("owner", .string(event.owner.name)))
            members.append(("ownerID", .int(ownerID)))
            append(members)
        }
    }

    // MARK: Lines

    /// The members of a `dispatch` line. One still running has reached nobody the recorder can
    /// know of: it is written without receivers, neither unhandled nor timed, and `unfinished`.
    private func dispatchMembers(
        _ dispatch: DispatchRecord, sequence: Int, parent: Int?, at: Duration?, retainedKey: String?,
        isFinished: Bool
    ) -> [(String, JSONValue)] {
        var members = head("dispatch", sequence: sequence, parent: parent, at: at)
        let receivers = isFinished ? receiverEntries(of: dispatch) : []
        let handled = receivers.contains { $0.handled }
        members.append(("kind", .string(dispatch.kind.description)))
        members.append(("owner", .string(dispatch.owner)))
        members.append(("ownerID", dispatch.ownerID.flatMap { owners.number(of: $0) }.map(JSONValue.int) ?? .null))
        members.append(("conversation", .string(dispatch.conversation)))
        members.append(("message", optional(dispatch.message ?? retainedKey)))
        members.append(("sender", optional(dispatch.sender)))
        members.append(
            ("senderID", dispatch.senderID.flatMap { controllers.number(of: $0) }.map(JSONValue.int) ?? .null))
        members.append(("scope", .string(dispatch.scope.description)))
        members.append(("receivers", .array(receivers.map(\.json))))
        // A retained message that reached nobody yet waits for a controller to come: kept, not
        // unhandled, as the record says.
        let waits = dispatch.isRetained && receivers.isEmpty
        members.append(("unhandled", .bool(isFinished && dispatch.kind != .lifecycle && !handled && !waits)))
        if retainedKey != nil { members.append(("retained", .bool(true))) }
        if dispatch.conversation == "HostServiceConversation" { members.append(("hostRequest", .bool(true))) }
        if dispatch.isAsynchronous { members.append(("async", .bool(true))) }
        if dispatch.isQuiet { members.append(("quiet", .bool(true))) }
        if !isFinished {
            members.append(("unfinished", .bool(true)))
        } else if recordsTimestamps {
            members.append(("duration", microseconds(dispatch.duration)))
        }
        return members
    }

    /// Writes a diagnostic, linked to the dispatch it reports when that is the dispatch just
    /// written: a diagnostic reported right after a dispatch may be about something else.
    private func recordDiagnostic(_ message: String, owner: String?, ownerID: Int?, about dispatch: DispatchID?) {
        let about = justFinished.flatMap { $0.id == dispatch ? $0.sequence : nil }
        var members = head("diagnostic", sequence: takeSequence(), parent: stack.last)
        members.append(("owner", optional(owner)))
        members.append(("ownerID", ownerID.map(JSONValue.int) ?? .null))
        if let about { members.append(("dispatch", .int(about))) }
        members.append(("text", .string(message)))
        append(members)
    }

    /// The number of an owner, after writing down its tree when the recording meets it for the
    /// first time: a recorder added with `addObserver` rather than ``record(_:)`` hears of an
    /// owner first in one of its events, and a line must not name an owner the file never shows.
    @discardableResult
    private func meet(_ owner: Owner) -> Int {
        if let number = owners.number(of: owner) { return number }
        cover(owner, change: "recorded", subject: nil)
        return owners.register(owner)
    }

    /// Writes down an owner's tree as it stands, and that of every owner nested in it not written
    /// down yet (all of them when the recording starts covering the owner).
    private func cover(_ owner: Owner, change: String, subject: String?, subjectID: Int? = nil, reason: String? = nil) {
        snapshot(owner, change: change, subject: subject, subjectID: subjectID, reason: reason)
        for case let nested as Owner in owner.controllers where owners.number(of: nested) == nil || change == "recorded"
        {
            cover(nested, change: "recorded", subject: nil)
        }
    }

    /// One `owner` line: the owner, its state and its controllers in order with theirs.
    private func snapshot(_ owner: Owner, change: String, subject: String?, subjectID: Int?, reason: String?) {
        let ownerID = owners.register(owner)
        var members = head("owner", sequence: takeSequence(), parent: stack.last)
        let entries: [JSONValue] = owner.controllers.map { controller in
            var entry: [(String, JSONValue)] = [
                ("id", .int(controllers.register(controller))),
                ("name", .string(name(of: controller))),
                ("state", .string(owner.state(of: controller)?.description ?? "detached")),
            ]
            if let nested = controller as? Owner { entry.append(("ownerID", .int(owners.register(nested)))) }
            return .object(entry)
        }
        members += [
            ("change", .string(change)),
            ("subject", optional(subject)),
            ("subjectID", subjectID.map(JSONValue.int) ?? .null),
        ]
        if let reason { members.append(("reason", .string(reason))) }
        members += [
            ("ownerID", .int(ownerID)),
            ("owner", .string(owner.name)),
            ("parentID", owner.parent.map { .int(owners.register($0)) } ?? .null),
            ("state", .string(owner.state.description)),
            ("controllers", .array(entries)),
        ]
        append(members)
    }

    /// The members every line starts with; `at` is when it started, by default now.
    private func head(_ type: String, sequence: Int, parent: Int?, at: Duration? = nil) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("seq", .int(sequence)), ("type", .string(type))]
        members.append(("parent", parent.map(JSONValue.int) ?? .null))
        if recordsTimestamps { members.append(("at", microseconds(at ?? elapsed))) }
        return members
    }

    private func append(_ members: [(String, JSONValue)]) {
        lines.append(JSONValue.object(members).encoded)
        justFinished = nil
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

    // MARK: Identities

    /// One receiver of a dispatch as written: its name, number and whether it handled it.
    private struct ReceiverEntry {
        let name: String
        let id: Int?
        let handled: Bool
        let defaultMethod: String?

        var json: JSONValue {
            var members: [(String, JSONValue)] = [("name", .string(name))]
            if let id { members.append(("id", .int(id))) }
            members.append(("handled", .bool(handled)))
            if let defaultMethod { members.append(("default", .string(defaultMethod))) }
            return .object(members)
        }
    }

    /// The receivers of a dispatch, each with its number and whether it handled it. A receiver
    /// whose default ran is found by identity, so of two receivers of one name only the one that
    /// ignored the message is marked; a record without identities (built by hand) is matched by
    /// name.
    private func receiverEntries(of dispatch: DispatchRecord) -> [ReceiverEntry] {
        var ignoredByIdentity: [ObjectIdentifier: String] = [:]
        var ignoredByName: [String: String] = [:]
        for delivery in dispatch.defaulted {
            if let identity = delivery.receiverID {
                if ignoredByIdentity[identity] == nil { ignoredByIdentity[identity] = delivery.method }
            } else if ignoredByName[delivery.receiver] == nil {
                ignoredByName[delivery.receiver] = delivery.method
            }
        }
        let identities = dispatch.receiverIDs.count == dispatch.receivers.count ? dispatch.receiverIDs : nil
        return dispatch.receivers.enumerated().map { position, name in
            let identity = identities?[position]
            let method = identity.flatMap { ignoredByIdentity[$0] } ?? ignoredByName[name]
            return ReceiverEntry(
                name: name, id: identity.flatMap { controllers.number(of: $0) }, handled: method == nil,
                defaultMethod: method)
        }
    }

    private func name(of controller: any BusinessController) -> String {
        if let owner = controller as? Owner { return owner.name }
        return String(describing: type(of: controller))
    }
}
