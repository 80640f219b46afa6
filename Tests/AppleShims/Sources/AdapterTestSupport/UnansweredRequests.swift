public import BCKit

/// A tracer that keeps the requests a receiver left to its default implementation, as the host
/// services do for an action the host did not set; shared by the three adapters' tests.
@MainActor
public final class UnansweredRequests: DispatchTracer {
    /// The methods whose default ran, such as `navigate(to:)`, in order.
    public private(set) var methods: [String] = []

    /// Creates a tracer with nothing recorded.
    public init() {}

    /// Keeps the dispatch's defaulted methods.
    public func didDispatch(_ dispatch: DispatchRecord) {
        methods += dispatch.defaulted.map(\.method)
    }
}
