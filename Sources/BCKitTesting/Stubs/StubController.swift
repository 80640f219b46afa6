public import BCKit

/// A base class for fake business controllers that answer what the controller under test asks
/// and record how they were called.
///
/// Subclass it, adopt the conversation the controller under test talks to, and call
/// ``record(_:function:)`` in each method; answer with fixed values or closures the test sets:
///
/// ```swift
/// final class FakeStock: StubController, StockQuery {
///     var stock: (Int) -> Int = { _ in 0 }
///
///     func stock(of goodsID: Int) -> Int {
///         record(goodsID)
///         return stock(goodsID)
///     }
/// }
///
/// let stock = test.stub(FakeStock())
/// stock.stock = { _ in 3 }
/// ```
///
/// Attach it with ``TestOwner/stub(_:priority:sourceLocation:)``. The test owner marks it as a stub in every
/// ``SentMessage``, attaches the calls it records to the message that caused them, and never
/// counts what a stub sends as sent by the controller under test.
///
/// Why record by hand: Swift on Linux has no message forwarding, so nothing can intercept a
/// call on a protocol generically. The stub is the one place that sees the method and its
/// arguments, so it writes them down.
///
/// The lifecycle callbacks are implemented here as empty `open` methods, so a subclass that
/// overrides one is really called (see `BusinessController` on the optional-method
/// pitfall).
@MainActor
open class StubController: BusinessController {
    /// The owner the stub is attached to.
    public weak var owner: Owner?

    /// Every call recorded so far, oldest first.
    public private(set) var calls: [StubCall] = []

    /// Calls not yet attached to a ``SentMessage``; the recorder drains them.
    var unclaimedCalls: [StubCall] = []

    /// Creates a stub.
    public init() {}

    /// Records that a method was called, with its arguments.
    ///
    /// ```swift
    /// func cartDidChange(count: Int) { record(count) }   // records "cartDidChange(count: 3)"
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The method's arguments, in order.
    ///   - function: The method; leave the default, `#function`.
    public func record(_ arguments: Any..., function: String = #function) {
        let call = StubCall(function: function, arguments: arguments.map(StubCall.describe))
        calls.append(call)
        unclaimedCalls.append(call)
    }

    /// Hands over the calls made since the last claim.
    func claimCalls() -> [StubCall] {
        defer { unclaimedCalls.removeAll() }
        return unclaimedCalls
    }

    /// Does nothing; override it to react.
    ///
    /// - Parameter owner: The owner that now holds the stub.
    open func didAttach(to owner: Owner) {}

    /// Does nothing; override it to react.
    open func ownerDidLoad() {}

    /// Does nothing; override it to react.
    open func ownerWillAppear() {}

    /// Does nothing; override it to react.
    open func ownerDidAppear() {}

    /// Does nothing; override it to react.
    open func ownerWillDisappear() {}

    /// Does nothing; override it to react.
    open func ownerDidDisappear() {}

    /// Does nothing; override it to react.
    ///
    /// - Parameter owner: The owner letting the stub go.
    open func willDetach(from owner: Owner) {}
}
