import BCKit
import Testing

// Pins the public API's shape: if a signature, an isolation or a `Sendable` conformance changes,
// this file stops compiling.

private func requireSendable<T: Sendable>(_: T.Type) {}

/// A controller whose task context the shape checks name.
private final class Shape: BusinessController {
    weak var owner: Owner?
}

/// A controller task sleeps on its owner's clock, throwing when cancelled.
private let sleeps: @MainActor (ControllerTaskContext<Shape>) async throws -> Void = { context in
    try await context.sleep(for: .seconds(1), tolerance: nil)
}

@MainActor
@Suite struct PublicAPITests {
    @Test func valueTypesAreSendableAndErrorsAreHashable() {
        requireSendable(LifecycleState.self)
        requireSendable(LifecycleEvent.self)
        requireSendable(OwnerError.self)
        requireSendable(Scope.self)
        requireSendable(DispatchRecord.self)
        requireSendable(DispatchRecord.Kind.self)
        requireSendable(ConversationError.Failure.self)
        requireSendable(ControllerTaskContext<Shape>.self)
        requireSendable(Message.self)
        requireSendable(Diagnostic.self)
        requireSendable(Diagnostic.Cause.self)
        let errors: Set<OwnerError> = [.alreadyAttached("A"), .alreadyAttached("A"), .notAttached("A")]
        #expect(errors.count == 2)
        #expect(Set([Scope.local, .broadcastDown, .reportUp]).count == 3)
    }

    @Test func conversationsAndDiagnosticsHaveTheDocumentedShape() {
        let owner = Owner(name: "Shape")
        let views: [CommunicationCenter] = [owner.center.others, owner.center.down, owner.center.up]
        let hook: Diagnostic.Handler? = owner.onDiagnostic
        let appWide: () -> Diagnostic.Handler? = { Diagnostic.handler }
        let quiet: Message = .quiet("m")
        let named: Message = "m"
        let causes: Set<Diagnostic.Cause> = [
            .unhandledMessage, .senderNotAttached, .unhonoredHostRequest, .retainedKeyCollision, .hostCallbackRefused,
        ]
        _ = appWide
        #expect(views.count == 3)
        #expect(hook == nil)
        #expect(quiet.isQuiet && !named.isQuiet && quiet.name == named.name)
        #expect(causes.count == 5)
    }

    @Test func theOwnerAPIHasTheDocumentedShape() throws {
        let owner: Owner = Owner(host: nil, name: "Shape")
        let attach: (any BusinessController, Int) throws(OwnerError) -> Void = owner.attach(_:priority:)
        let detach: (any BusinessController) throws(OwnerError) -> Void = owner.detach(_:)
        let handle: (LifecycleEvent) throws(OwnerError) -> Void = owner.handle(_:)
        let tearDown: () throws(OwnerError) -> Void = owner.tearDown
        let center: CommunicationCenter = owner.center
        let state: LifecycleState = owner.state
        let observers: [any DispatchTracer] = owner.observers
        let addObserver: (any DispatchTracer) -> Owner.Observation = owner.addObserver(_:)
        let removeObserver: (Owner.Observation) -> Bool = owner.removeObserver(_:)
        let clock: any Clock<Duration> = owner.clock
        owner.clock = clock
        _ = (attach, detach, handle, tearDown, center, state, observers, addObserver, removeObserver)
        #expect(CommunicationCenter.nestingLimit == 64)
    }
}
