/// Why an ``Owner`` refused an attach, a detach or a lifecycle call.
///
/// Every refusal leaves the owner exactly as it was. Compare against the static factories:
///
/// ```swift
/// #expect(throws: OwnerError.invalidTransition(.didAppear, from: .loaded)) {
///     try owner.didAppear()
/// }
/// ```
public struct OwnerError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case alreadyAttached(String)
        case attachedElsewhere(String)
        case notAttached(String)
        case tornDown(String)
        case invalidTransition(LifecycleEvent, LifecycleState)
        case reentrantLifecycle(String)
        case cycle(String)
        case nestedOwnerStarted(String, LifecycleState)
        case drivenByParent(String)
        case priorityOutOfRange(Int)
        case neverCreated(String)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The controller is already attached to this owner.
    ///
    /// - Parameter controller: The controller's name (its type name).
    public static func alreadyAttached(_ controller: String) -> Self { Self(.alreadyAttached(controller)) }

    /// The controller belongs to another owner; detach it there first.
    ///
    /// - Parameter controller: The controller's name (its type name).
    public static func attachedElsewhere(_ controller: String) -> Self { Self(.attachedElsewhere(controller)) }

    /// The controller is not attached to this owner.
    ///
    /// - Parameter controller: The controller's name (its type name).
    public static func notAttached(_ controller: String) -> Self { Self(.notAttached(controller)) }

    /// The owner was torn down (or is being torn down); nothing can be attached or driven.
    ///
    /// - Parameter operation: What was asked, such as `attach` or `will-appear`.
    public static func tornDown(_ operation: String) -> Self { Self(.tornDown(operation)) }

    /// UIKit could never send this event in this state.
    ///
    /// - Parameters:
    ///   - event: The refused event.
    ///   - state: The owner's state, unchanged.
    public static func invalidTransition(_ event: LifecycleEvent, from state: LifecycleState) -> Self {
        Self(.invalidTransition(event, state))
    }

    /// A lifecycle call was made while the owner was still delivering a lifecycle event, or a
    /// reuse while a controller was being attached to it (before the newcomer's catch-up ended).
    ///
    /// - Parameter operation: What was asked, such as `will-disappear` or `tear down`.
    public static func reentrantLifecycle(_ operation: String) -> Self { Self(.reentrantLifecycle(operation)) }

    /// Attaching this owner would make it its own ancestor.
    ///
    /// - Parameter owner: The name of the owner that was to be attached.
    public static func cycle(_ owner: String) -> Self { Self(.cycle(owner)) }

    /// A nested owner can only be attached before it has been driven itself.
    ///
    /// - Parameters:
    ///   - owner: The nested owner's name.
    ///   - state: The state it was already in.
    public static func nestedOwnerStarted(_ owner: String, state: LifecycleState) -> Self {
        Self(.nestedOwnerStarted(owner, state))
    }

    /// A nested owner's lifecycle is driven by its parent, not directly.
    ///
    /// - Parameter owner: The nested owner's name.
    public static func drivenByParent(_ owner: String) -> Self { Self(.drivenByParent(owner)) }

    /// An attach priority outside `-32768...32767`.
    ///
    /// - Parameter priority: The refused priority.
    public static func priorityOutOfRange(_ priority: Int) -> Self { Self(.priorityOutOfRange(priority)) }

    /// A controller registered lazily to be created only by a message
    /// (``LazyCreation/onFirstMessage``) names no conversation, so nothing could ever create it.
    ///
    /// - Parameter controller: The controller's name (its type name).
    public static func neverCreated(_ controller: String) -> Self { Self(.neverCreated(controller)) }

    /// What went wrong and what to do about it.
    public var description: String {
        switch code {
        case .alreadyAttached(let name):
            "\(name) is already attached to this owner; attach each controller once."
        case .attachedElsewhere(let name):
            "\(name) belongs to another owner; detach it there before attaching it here."
        case .notAttached(let name):
            "\(name) is not attached to this owner, so it cannot be detached."
        case .tornDown(let operation):
            "cannot \(operation): the owner was torn down, which is final; create a new owner."
        case .invalidTransition(let event, let state):
            "cannot deliver \(event) while the owner is \(state); UIKit never sends that sequence."
        case .reentrantLifecycle(let operation):
            "cannot \(operation) while the owner is still delivering a lifecycle event; "
                + "call it after the current callback returns."
        case .cycle(let name):
            "cannot attach owner '\(name)': it is this owner or one of its ancestors."
        case .nestedOwnerStarted(let name, let state) where state == .tornDown:
            "cannot nest owner '\(name)': it is torn down, which is final (detaching a nested owner tears it "
                + "down); nest a new owner instead."
        case .nestedOwnerStarted(let name, let state):
            "cannot nest owner '\(name)': it is already \(state); attach nested owners before driving them."
        case .priorityOutOfRange(let priority):
            "priority \(priority) is out of range; use a value in -32768...32767."
        case .drivenByParent(let name):
            "owner '\(name)' is nested, so its parent drives its lifecycle; drive the parent instead."
        case .neverCreated(let name):
            "\(name) is registered to be created on its first message but speaks no conversation, "
                + "so nothing would ever create it; list its conversations in speaking:, "
                + "or let the owner's appearance create it."
        }
    }
}
