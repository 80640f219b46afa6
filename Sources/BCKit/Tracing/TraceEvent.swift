/// Something a ``DispatchTracer`` hears of besides dispatches: a change of an owner's controllers,
/// a retained message kept, a controller task's start and end, a diagnostic, an app marker.
///
/// It names the owner it happened in and holds it, so a tracer can look at the owner's
/// controllers and their states right then; a tracer must not keep it, since the owner holds
/// its tracer.
@MainActor
public struct TraceEvent {
    /// What kind of event this is.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        let name: String

        init(_ name: String) {
            self.name = name
        }

        /// A controller was attached (its catch-up follows); a nested owner is a controller too.
        public static let attached = Kind("attached")
        /// A controller was detached, after its closing events and its goodbye.
        public static let detached = Kind("detached")
        /// A controller registered with ``Owner/attach(lazily:speaking:creation:priority:)`` was
        /// created; ``TraceEvent/detail`` says why (`first message of CartConversation`,
        /// `appearance`, `retained message of CartConversation`). Its ``attached`` event comes next.
        public static let lazilyCreated = Kind("lazily-created")
        /// A message was retained for later attachers
        /// (``CommunicationCenter/sendRetained(_:message:fileID:line:_:)``); its dispatch comes next,
        /// and ``TraceEvent/detail`` is its key.
        public static let retained = Kind("retained")
        /// A controller task started (``BusinessController/task(priority:_:)`` and repeating ones).
        public static let taskStarted = Kind("task-started")
        /// A controller task ended on its own, or ended after it was cancelled.
        public static let taskFinished = Kind("task-finished")
        /// A controller task was cancelled (its controller detached, or its owner disappeared).
        public static let taskCancelled = Kind("task-cancelled")

        /// A debug diagnostic (DESIGN 21) about this owner; ``TraceEvent/detail`` is its text. The
        /// diagnostics hook reports it with `owner.trace(.diagnostic, nil, detail: text)` as well
        /// as printing it.
        public static let diagnostic = Kind("diagnostic")

        /// A moment the app marked with ``Owner/mark(_:)``; ``TraceEvent/detail`` is its label.
        public static let marker = Kind("marker")

        /// The kind's name.
        public var description: String { name }
    }

    /// What kind of event this is.
    public let kind: Kind
    /// The owner it happened in.
    public let owner: Owner
    /// The name of the controller it is about, if any.
    public let subject: String?
    /// The controller it is about, while it is still alive.
    public let controller: AnyObject?
    /// More about it: the retained message's key, the diagnostic's text, the marker's label, why a
    /// lazy controller was created.
    public let detail: String?
    /// The dispatch a diagnostic reports, when the kit reported it as that dispatch ended (a
    /// message nobody handled); `nil` for any other diagnostic and every other event. A tracer
    /// links a diagnostic to a dispatch by it, never by what came just before: another reporter
    /// may speak right after a dispatch about something else.
    package let dispatch: DispatchID?

    /// Creates an event; the kit reports them, tests may build them.
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - owner: Where it happened.
    ///   - controller: The controller it is about.
    ///   - subject: The controller's name; by default the controller's display name.
    ///   - detail: More about it.
    public init(
        _ kind: Kind,
        in owner: Owner,
        controller: AnyObject? = nil,
        subject: String? = nil,
        detail: String? = nil
    ) {
        self.init(kind, in: owner, controller: controller, subject: subject, detail: detail, dispatch: nil)
    }

    /// Creates an event about `dispatch`: a diagnostic reported as that dispatch ended.
    package init(
        _ kind: Kind,
        in owner: Owner,
        controller: AnyObject? = nil,
        subject: String? = nil,
        detail: String? = nil,
        dispatch: DispatchID?
    ) {
        self.kind = kind
        self.owner = owner
        self.controller = controller
        self.subject = subject ?? controller.map { displayName(of: $0) }
        self.detail = detail
        self.dispatch = dispatch
    }
}
