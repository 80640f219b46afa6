import BCKit

/// A tracer that runs a test's hook as each dispatch starts or ends and on each event it observes:
/// how a test re-enters the kit from the moment the kit calls an observer out.
@MainActor
final class HookTracer: DispatchTracer {
    var onWillDispatch: ((DispatchRecord) -> Void)?
    var onDid: ((DispatchRecord) -> Void)?
    var onObserve: ((TraceEvent) -> Void)?

    func willDispatch(_ dispatch: DispatchRecord) { onWillDispatch?(dispatch) }

    func didDispatch(_ dispatch: DispatchRecord) { onDid?(dispatch) }

    func didObserve(_ event: TraceEvent) { onObserve?(event) }
}
