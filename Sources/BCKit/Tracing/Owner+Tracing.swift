// The owner's hooks into its observers for what is not a dispatch: each is one call from the
// core, and does nothing without an observer.

extension Owner {
    /// Marks a moment of the session for every observer, such as "user tapped add-to-cart": an
    /// app marker, which the inspector shows as a row of its own between the dispatches.
    ///
    /// ```swift
    /// owner.mark("user tapped add-to-cart")
    /// ```
    ///
    /// Each observer of this owner (``observers``) hears it as a ``TraceEvent`` of kind
    /// ``TraceEvent/Kind/marker`` whose ``TraceEvent/detail`` is `label`. Without an observer it
    /// does nothing.
    ///
    /// - Parameter label: What happened at this moment, in the app's words.
    public func mark(_ label: String) {
        trace(.marker, nil, detail: label)
    }

    /// Tells the tracer, if any, of a change around `controller`; `dispatch` is the dispatch a
    /// diagnostic reports as it ends.
    ///
    /// Only the check is inlined: made on every attach and detach, the call cost more than the
    /// check (screen-kit: 121,351 -> 120,332 Ir per session).
    @inline(__always)
    func trace(_ kind: TraceEvent.Kind, _ controller: AnyObject?, detail: String? = nil, dispatch: DispatchID? = nil) {
        if !switchboard.observers.isEmpty { report(kind, controller, detail: detail, dispatch: dispatch) }
    }

    @inline(never)
    private func report(_ kind: TraceEvent.Kind, _ controller: AnyObject?, detail: String?, dispatch: DispatchID?) {
        let event = TraceEvent(kind, in: self, controller: controller, detail: detail, dispatch: dispatch)
        for observer in switchboard.observers { observer.didObserve(event) }
    }

    /// Tells the tracer, if any, of a task event of the controller named `name`.
    func traceTask(_ kind: TraceEvent.Kind, of name: String) {
        guard !switchboard.observers.isEmpty else { return }
        let event = TraceEvent(kind, in: self, subject: name)
        for observer in switchboard.observers { observer.didObserve(event) }
    }

    /// Tells the tracer, if any, that a task is being cancelled, unless it was already.
    func traceCancellation(of run: ControllerTasks.Run?) {
        guard let run, !run.isCancelled else { return }
        traceTask(.taskCancelled, of: run.name)
    }

    /// Starts tracing a lifecycle delivery: its trace joins the running ones and, when
    /// `announced`, the tracer hears it start.
    func beginTrace(of event: String, announced: Bool = true) {
        let trace = DispatchTrace(
            named: event,
            kind: .lifecycle,
            owner: self,
            sender: nil,
            depth: delivering.depth - (delivering.isClosingForReuse ? 2 : 1),
            tracers: switchboard.observers,
            announced: false
        )
        // Joined first: a controller a message sent from the announcement brings up to the event
        // is among those the delivery reached.
        delivering.traces.append(trace)
        if announced { trace.announce() }
    }

    /// Ends the innermost traced lifecycle delivery: the tracer hears whom it reached. Out of
    /// line, so the untraced fan-outs it closes keep their registers (a tear-down, inlined, cost
    /// a screen session 37 Ir more; Benchmarks/callgrind.sh screen-kit).
    @inline(never)
    func endTrace() {
        let trace = delivering.traces.popLast()
        trace?.finish()
    }
}
