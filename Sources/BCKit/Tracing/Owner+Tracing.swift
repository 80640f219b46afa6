// The owner's hooks into its tracer for what is not a dispatch: each is one call from the core,
// and does nothing without a tracer.

extension Owner {
    /// Tells the tracer, if any, of a change around `controller`.
    ///
    /// Only the check is inlined: made on every attach and detach, the call cost more than the
    /// check (screen-kit: 121,351 -> 120,332 Ir per session).
    @inline(__always)
    func trace(_ kind: TraceEvent.Kind, _ controller: AnyObject?, detail: String? = nil) {
        if let tracer = switchboard.tracer { report(kind, controller, detail: detail, to: tracer) }
    }

    @inline(never)
    private func report(
        _ kind: TraceEvent.Kind,
        _ controller: AnyObject?,
        detail: String?,
        to tracer: any DispatchTracer
    ) {
        tracer.didObserve(TraceEvent(kind, in: self, controller: controller, detail: detail))
    }

    /// Tells the tracer, if any, of a task event of the controller named `name`.
    func traceTask(_ kind: TraceEvent.Kind, of name: String) {
        guard let tracer = switchboard.tracer else { return }
        tracer.didObserve(TraceEvent(kind, in: self, subject: name))
    }

    /// Tells the tracer, if any, that a task is being cancelled, unless it was already.
    func traceCancellation(of run: ControllerTasks.Run?) {
        guard let run, !run.isCancelled else { return }
        traceTask(.taskCancelled, of: run.name)
    }

    /// Starts tracing a lifecycle delivery: its trace joins the running ones and, when
    /// `announced`, the tracer hears it start.
    func beginTrace(of event: String, announced: Bool = true) {
        lifecycleTraces.append(
            DispatchTrace(
                named: event,
                kind: .lifecycle,
                owner: name,
                sender: nil,
                depth: lifecycleDepth - 1,
                tracers: switchboard.tracer.map { [$0] } ?? [],
                announced: announced
            )
        )
    }

    /// Ends the innermost traced lifecycle delivery: the tracer hears whom it reached. Out of
    /// line, so the untraced fan-outs it closes keep their registers (a tear-down, inlined, cost
    /// a screen session 37 Ir more; Benchmarks/callgrind.sh screen-kit).
    @inline(never)
    func endTrace() {
        lifecycleTraces.popLast()?.finish()
    }
}
