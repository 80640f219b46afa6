public import BCKit
import Foundation
public import Testing

/// Tests one business controller alone: mounts it in a fresh owner, drives its lifecycle, sends
/// it conversations, records what it sends out, answers what it asks through stubs, and fails the
/// test if anything it said went unchecked.
///
/// ```swift
/// @Test func addingToCartTellsTheCart() {
///     let test = TestOwner(testing: AddToCartController(goodsID: 7))
///     let cart = test.stub(FakeCart())
///     test.drive(to: .appeared)
///
///     test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 2) }
///
///     test.expectSent((any CartConversation).self, "add(goodsID: 7, quantity: 2)")
///     #expect(cart.calls.count == 1)
///     test.finish()
/// }
/// ```
///
/// ## Exhaustive by default
/// Like a `TestStore`, the test owner expects the test to account for every message the
/// controllers under test send: assert them in order with ``expectSent(_:_:sourceLocation:)``,
/// or skip them with ``skipSentMessages()``. When the test owner finishes (``finish()``, or when
/// it is released without it), it records an `Issue`, at the line that created it, for every
/// message never asserted and every message nobody handled (no receiver, or every receiver left
/// it to its default); a retained message that reached nobody yet is kept for later, not a
/// failure. Pick another ``Exhaustivity`` to relax that.
///
/// ## Optional messages
/// A controller that leaves a message to its default implementation is normal when a sibling, a
/// stub or the controller itself sent it, and never fails the test by itself. A message the
/// *test* sends (through ``center`` or a send method) that no controller under test handles,
/// because each that received it left it to its default, most likely hit a misspelled method, so
/// it fails the test (at the line of the send method, or for ``center`` at the line that created
/// the test owner), unless the test says ``expectIgnored(_:_:by:sourceLocation:)``. With one
/// controller under test, that is the controller ignoring it; with several, one of them handling
/// it is enough, as for the kit's own report of an unhandled message, but stubs do not count:
/// they stand in for what is not tested. For the same reason ``first(_:scope:sourceLocation:_:)``,
/// ``all(_:scope:sourceLocation:_:)`` and ``gather(_:scope:sourceLocation:_:)`` do not ask stubs
/// the test's own questions.
///
/// ## The kit's diagnostics
/// What BCKit would report in a debug app (a `Diagnostic`, such as a duplicate saved-state
/// key or a lazy controller that does not speak its conversation) fails the test instead, but for
/// the messages nobody handled, which the rules above judge. It fails at the line of the harness
/// call that was running, such as ``drive(to:sourceLocation:)``, a mount or ``relaunch(sourceLocation:_:)``,
/// or, when none was (a send through ``center``), at the line that created the test owner.
///
/// ## What is recorded, and how
/// The test owner installs itself as the owner's `DispatchTracer`, so a normal send pays
/// nothing for testing. A ``SentMessage`` gives the conversation, the sender, the receivers (stubs
/// marked as such) and, when a ``StubController`` received it, the method and arguments it
/// recorded. Swift on Linux has no message forwarding, so the method and arguments can only be
/// captured by a stub; a message that only reached other controllers under test is recorded with
/// its conversation alone.
///
/// Only messages sent by controllers under test are recorded; what the test sends through the
/// test owner or its ``center`` and what stubs send are not. BCKit names the sender of a message sent inside any
/// callback it runs: lifecycle callbacks (catch-up and closing included), `didAttach`,
/// `willDetach` and conversation methods, and the controller of a controller task (BCKit's
/// `task(priority:_:)`). A message sent elsewhere (from a plain `Task`, from an async receiver, or
/// in a reply answered later) has no sender in the trace: the test owner then attributes it to the
/// only controller under test, and leaves ``SentMessage/sender`` `nil` when several are mounted.
/// Send through the test owner or its ``center``, not through `owner.center`, or your own message
/// is mistaken for one from the controller.
///
/// ## Async work and time
/// A controller that starts its work in controller tasks needs no test-only property: call
/// ``settle(timeout:sourceLocation:)`` to wait for that work, then assert what it sent. The owner
/// runs on the test owner's manual ``clock``: a task that waits with BCKit's `context.sleep(for:)`
/// wakes when the test calls ``advance(by:sourceLocation:)``, with no real waiting.
///
/// ## Lifetime
/// Call ``finish()`` at the end of the test. If the test owner is released unfinished inside a
/// test, it finishes then; that requires the last reference to go away on the main actor, as it
/// does in a `@MainActor` test (releasing it unfinished from another actor stops the program; a
/// finished one may be released anywhere). A reference cycle through the test owner (a stub's
/// closure that captures it) keeps it alive, so only an explicit ``finish()`` checks. Wrap the test
/// in ``expectNoLeaks(sourceLocation:_:)-68p2j`` to also fail it when a controller outlives its
/// owner.
@MainActor
public final class TestOwner<Controller: BusinessController> {
    /// The controller under test.
    public let controller: Controller

    /// The owner the controllers under test and the stubs are attached to.
    ///
    /// Drive it and send through the test owner rather than through this owner, so the
    /// recording can tell the test's messages from the controller's.
    public let owner: Owner

    /// How strictly ``finish()`` checks what was sent; ``Exhaustivity/exhaustive`` by default.
    public var exhaustivity: Exhaustivity

    /// The clock the owner's controller tasks wait on with BCKit's `context.sleep(for:)`: it
    /// moves only when the test calls ``advance(by:sourceLocation:)``.
    public let clock = ManualClock()

    /// The hidden sibling ``center`` sends as, once the test used it.
    var sibling: TestSibling?

    let recorder = Recorder()
    let creation: SourceLocation
    let label: String

    /// The positions in the recorder's messages that have been asserted or skipped. Not always a
    /// prefix: a failed expectation counts its near miss as asserted, alone (see
    /// ``expectSent(_:_:sourceLocation:)``).
    var asserted = Set<Int>()
    var isFinished = false
    /// The tasks ``settle(timeout:sourceLocation:)`` gave up on, reported then.
    var reportedStuckRuns: Set<ObjectIdentifier> = []

    /// The controllers under test, for lifecycle tracking, in mount order.
    var tracked: [Tracked] = []
    /// How much of the recorder's lifecycle log ``observeLifecycle()`` has read.
    var lifecycleCursor = 0

    /// A controller under test and the lifecycle events it has seen.
    struct Tracked {
        let id: ObjectIdentifier
        let name: String
        weak var controller: (any BusinessController)?
        var state: LifecycleState = .initial
        var events: [LifecycleEvent] = []
        var isMounted = true
    }

    /// Mounts a controller in a fresh owner, ready to be driven.
    ///
    /// The owner starts `LifecycleState.initial`; call ``drive(to:sourceLocation:)`` to
    /// bring it up.
    ///
    /// Given an archive, the owner restores from it as an app rebuilt after process death does:
    /// the controller, and each controller mounted later, gets its piece before its
    /// `didAttach(to:)`. ``relaunch(sourceLocation:_:)`` does that in one line; pass an archive
    /// built by hand (`SavedStateArchive.setPiece(_:forKey:)`) to test what an older app version
    /// saved.
    ///
    /// - Parameters:
    ///   - controller: The controller under test; the test owner keeps it as ``controller``.
    ///   - exhaustivity: How strictly ``finish()`` checks what was sent.
    ///   - archive: Saved state to restore from, or `nil` to start fresh.
    ///   - sourceLocation: Where end-of-test failures are reported; the caller's line by default.
    public convenience init(
        testing controller: Controller,
        exhaustivity: Exhaustivity = .exhaustive,
        restoring archive: SavedStateArchive? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.init(
            testing: controller, stubbing: [], exhaustivity: exhaustivity, restoring: archive,
            sourceLocation: sourceLocation)
    }

    /// Mounts a controller in a fresh owner that already has `stubs`, so they hear what the
    /// controller sends as it is mounted: from its restore (``relaunch(stubbing:sourceLocation:_:)``)
    /// or its `didAttach(to:)`.
    init(
        testing controller: Controller,
        stubbing stubs: [any BusinessController],
        exhaustivity: Exhaustivity,
        restoring archive: SavedStateArchive?,
        sourceLocation: SourceLocation
    ) {
        self.controller = controller
        self.exhaustivity = exhaustivity
        self.creation = sourceLocation
        let name = Self.name(of: controller)
        self.label = "TestOwner(testing: \(name))"
        self.owner = Owner(name: "TestOwner", restoring: archive)
        recorder.issueLocation = sourceLocation
        owner.addObserver(recorder)
        owner.onDiagnostic = { [unowned recorder] in recorder.record($0) }
        // What a controller sends once it left this owner reaches no owner: the test still hears it.
        LiveRecorders.add(recorder)
        owner.clock = clock
        recorder.testSenderName = String(describing: TestSibling.self)
        LeakWatch.current?.watch(owner, as: "owner '\(owner.name)' of \(label)")
        // The recording follows the controllers under test; the controllers inside an owner under
        // test would send and ignore unrecorded, and the test would pass whatever they did. (An
        // owner mounted beside a controller under test is part of the screen, as in the app.)
        if let nested = controller as? Owner {
            let inside = nested.controllers.map { Self.name(of: $0) }
            TestFailure.record(
                Comment(
                    rawValue: """
                        Cannot test \(name): an owner is not a controller under test, and what the controllers \
                        in it send would be neither recorded nor checked. Test each of them instead\
                        \(inside.isEmpty ? "" : " (\(Self.distinct(inside).joined(separator: ", ")))"), \
                        with `TestOwner(testing:)` and `mount(_:)`.
                        """
                ),
                sourceLocation: sourceLocation
            )
            return
        }
        for stub in stubs { self.stub(stub, sourceLocation: sourceLocation) }
        mount(controller, sourceLocation: sourceLocation)
    }

    // The safety net: a test that forgot `finish()` is still checked. Not `isolated deinit`, which
    // runs without the test's task locals, so Swift Testing could not tell which test failed. A
    // plain deinit runs where the last reference goes, inside the test's task: on the main actor
    // for a `@MainActor` test, which `assumeIsolated` relies on. Outside a test there is nobody to
    // report to, and no promise about the actor, so it does nothing.
    deinit {
        // A finished test owner has nothing left to check, wherever it is released.
        guard Test.current != nil, !isFinished else { return }
        // safe: a TestOwner is main-actor state, so inside a test its last reference goes on the
        // main actor; released elsewhere, `assumeIsolated` checks the executor and stops the
        // program (as the type's documentation says) rather than racing.
        MainActor.assumeIsolated {
            finish()
        }
    }

    /// Mounts another controller under test next to ``controller``.
    ///
    /// Its messages are recorded and checked like the first one's. Mounted after the owner was
    /// driven, it catches up with the owner's state first.
    ///
    /// - Parameters:
    ///   - controller: The controller to mount.
    ///   - priority: Its priority in the owner; higher comes first.
    ///   - sourceLocation: Where a refused attach is reported.
    /// - Returns: The controller, so a test can keep it.
    @discardableResult
    public func mount<Other: BusinessController>(
        _ controller: Other,
        priority: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Other {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("mount", sourceLocation) else { return controller }
        let name = Self.name(of: controller)
        if let refusal = recorder.registerUnderTest(name, controller) {
            TestFailure.record(Comment(rawValue: "Cannot mount \(name): \(refusal)"), sourceLocation: sourceLocation)
            return controller
        }
        tracked.append(Tracked(id: ObjectIdentifier(controller), name: name, controller: controller))
        LeakWatch.current?.watchUntilProbed(controller, as: "\(name) (under test)")
        do {
            try owner.attach(controller, priority: priority)
        } catch {
            tracked.removeLast()
            TestFailure.record(Comment(rawValue: "Cannot mount \(name): \(error)"), sourceLocation: sourceLocation)
        }
        observeLifecycle()
        return controller
    }

    /// Detaches a controller under test, which first gets the down events that close its
    /// appearance.
    ///
    /// - Parameters:
    ///   - controller: A mounted controller under test.
    ///   - sourceLocation: Where a refused detach is reported.
    public func unmount(_ controller: any BusinessController, sourceLocation: SourceLocation = #_sourceLocation) {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("unmount", sourceLocation) else { return }
        do {
            try owner.detach(controller)
        } catch {
            TestFailure.record(Comment(rawValue: "Cannot unmount: \(error)"), sourceLocation: sourceLocation)
        }
        observeLifecycle()
    }

    /// Attaches a stub: a fake controller that answers what the controllers under test ask.
    ///
    /// Any business controller can be a stub; a ``StubController`` subclass also records its
    /// calls into the ``SentMessage``s. Stubs are marked in the recording, and what they send is
    /// not recorded as sent by the controllers under test. A stub must not share its type name
    /// with a controller under test: the recording tells them apart by name, so such a stub is
    /// reported as an issue and not attached (and so is a controller mounted with a stub's name).
    ///
    /// ```swift
    /// let stock = test.stub(FakeStock())
    /// ```
    ///
    /// - Parameters:
    ///   - stub: The fake controller.
    ///   - priority: Its priority in the owner; higher comes first, and answers `first` first.
    ///   - sourceLocation: Where a refused attach is reported.
    /// - Returns: The stub, so the test can set its answers and read its calls.
    @discardableResult
    public func stub<Stub: BusinessController>(
        _ stub: Stub,
        priority: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Stub {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("stub", sourceLocation) else { return stub }
        let name = Self.name(of: stub)
        if let refusal = recorder.registerStub(name, stub) {
            TestFailure.record(
                Comment(rawValue: "Cannot attach stub \(name): \(refusal)"), sourceLocation: sourceLocation)
            return stub
        }
        LeakWatch.current?.watchUntilProbed(stub, as: "\(name) (stub)")
        do {
            try owner.attach(stub, priority: priority)
        } catch {
            TestFailure.record(
                Comment(rawValue: "Cannot attach stub \(name): \(error)"), sourceLocation: sourceLocation)
        }
        return stub
    }

    /// Tears the owner down and checks, per ``exhaustivity``, that every message was asserted
    /// and received.
    ///
    /// Messages the controllers send while this call tears them down are checked for receivers
    /// but need no assertion; to assert them, ``drive(to:sourceLocation:)`` to
    /// `LifecycleState.tornDown` first.
    ///
    /// It does not wait for the controllers' tasks: the tear-down cancels them. An exhaustive test
    /// owner fails the test when a task that has started is still running, neither asleep on the
    /// ``clock`` nor waiting on a barrier; call ``settle(timeout:sourceLocation:)`` first. A task
    /// already cancelled (by its controller, or by a detach) that has not ended yet fails it too,
    /// named as cancelled: settling lets it end. A task that has not started yet is not reported,
    /// since it may be about to sleep on the clock, and in a synchronous test no task ever
    /// starts: what such a task would send is never checked.
    /// To check what a controller's tasks send, write the test `async` and settle it. It also fails
    /// the test when a gather still waits for the reply of a controller here, such as a stub that
    /// kept the `Reply` it was handed: the tear-down would complete the gather without it.
    ///
    /// A failure is recorded as an `Issue` at the line that created the test owner. Calling it
    /// again does nothing; using the test owner afterwards is reported as a mistake.
    public func finish() {
        finish(asProcessDeath: false)
    }

    /// Finishes the test owner, its owner torn down, or ended as a process death ends it
    /// (``relaunch(sourceLocation:_:)``): no callback reaches the controllers.
    func finish(asProcessDeath: Bool) {
        guard !isFinished else { return }
        isFinished = true
        // What the controllers send while this call tears them down could not have been asserted;
        // it is still checked for receivers. Drive to `.tornDown` first to assert it.
        let assertable = recorder.messages.count
        if exhaustivity.requiresAssertingEveryMessage {
            checkNoTaskIsCutShort()
            checkNoReplyIsOwed()
        }
        if asProcessDeath {
            owner.endAsProcessDeath()
        } else if owner.state != .tornDown {
            try? owner.tearDown()
            observeLifecycle()
        }
        if let watch = LeakWatch.current {
            let stubs = recorder.liveStubs
            watch.probeDrop(of: tracked, stubs: stubs)
            recorder.discardUnrecordedStubCalls()
            for stub in stubs { _ = watch.release(ObjectIdentifier(stub)) }
        }
        let messages = recorder.messages
        if exhaustivity.requiresAReceiverForEveryMessage {
            checkTheTestsOwnMessages()
            let unhandled = messages.filter { $0.isUnhandled && !$0.isRetained }
            if !unhandled.isEmpty {
                TestFailure.record(
                    Comment(
                        rawValue: """
                            \(label) finished, and \(Self.count(unhandled.count, "message")) reached nobody who \
                            handles \(unhandled.count == 1 ? "it" : "them"):
                            \(Self.list(unhandled))
                            Attach a stub that speaks \(unhandled.count == 1 ? "it" : "them") with `stub(_:)`, \
                            or use `exhaustivity: .off`.
                            """
                    ),
                    sourceLocation: creation
                )
            }
        }
        let pending = pendingPositions.prefix { $0 < assertable }.map { messages[$0] }
        if exhaustivity.requiresAssertingEveryMessage, !pending.isEmpty {
            TestFailure.record(
                Comment(
                    rawValue: """
                        \(label) finished with \(Self.count(pending.count, "message")) sent but never asserted:
                        \(Self.list(pending))
                        Assert \(pending.count == 1 ? "it" : "them") with `expectSent(_:)`, \
                        skip them with `skipSentMessages()`, or use `exhaustivity: .nonExhaustive`.
                        """
                ),
                sourceLocation: creation
            )
        }
    }

    /// Reports the controllers' tasks still running, neither asleep on the test's clock nor
    /// waiting on a barrier: the tear-down cancels them, so what they would still send is never
    /// checked, and a test that forgot to settle would pass.
    ///
    /// Only tasks that started count: one that has not run yet may be about to sleep on the
    /// clock, which is settled. Those ``settle(timeout:sourceLocation:)`` gave up on were reported
    /// already. A task already cancelled (by its controller, or by a detach) is named as such: it
    /// is not running on, only yet to reach its end, which settling lets it do.
    private func checkNoTaskIsCutShort() {
        let busy = busyTasks().filter { $0.hasStarted && !reportedStuckRuns.contains($0.run) }
        let cancelled = busy.filter(\.task.isCancelled)
        let running = busy.filter { !$0.task.isCancelled }
        if !running.isEmpty {
            TestFailure.record(
                Comment(
                    rawValue: """
                        \(label) finished while \(Self.count(running.count, "task")) of \
                        \(Self.distinct(running.map(\.name)).joined(separator: ", ")) \
                        \(running.count == 1 ? "was" : "were") still running, waiting on something other than the \
                        test's clock or a barrier: finishing cancels \(running.count == 1 ? "it" : "them"), so what \
                        \(running.count == 1 ? "it" : "they") would send is never checked. Call `await settle()` \
                        before `finish()`, drive the owner to `.disappeared` first if a task loops while appeared, \
                        or use `exhaustivity: .nonExhaustive`.
                        """
                ),
                sourceLocation: creation
            )
        }
        if !cancelled.isEmpty {
            TestFailure.record(
                Comment(
                    rawValue: """
                        \(label) finished while \(Self.count(cancelled.count, "task")) of \
                        \(Self.distinct(cancelled.map(\.name)).joined(separator: ", ")) \
                        \(cancelled.count == 1 ? "was" : "were") cancelled but had not ended yet, so what \
                        \(cancelled.count == 1 ? "it does" : "they do") on \(cancelled.count == 1 ? "its" : "their") \
                        way out is never checked. Call `await settle()` before `finish()`: it waits for cancelled \
                        tasks to end. Or use `exhaustivity: .nonExhaustive`.
                        """
                ),
                sourceLocation: creation
            )
        }
    }

    /// Reports the gathers still waiting for a reply from a controller here: the tear-down ends
    /// the wait without that answer, so what the completion would do with it is never checked.
    func checkNoReplyIsOwed() {
        let owed = owner.repliesOwed
        guard !owed.isEmpty else { return }
        let lines = owed.map { "    - \(Self.name(of: $0.controller)) owes a reply to \($0.conversation)" }
        TestFailure.record(
            Comment(
                rawValue: """
                    \(label) finished while a gather still waited:
                    \(lines.joined(separator: "\n"))
                    The tear-down completes it without \(owed.count == 1 ? "that answer" : "those answers"), so \
                    what the completion does with \(owed.count == 1 ? "it" : "them") is never checked. Have each \
                    receiver answer the `Reply` it was handed before the test tears the owner down (a stub that \
                    answers from a task of its own needs that task to run first: `settle()` waits only for the \
                    tasks of the controllers under test).
                    """
            ),
            sourceLocation: creation
        )
    }

    /// Reports what the test sent that nobody here speaks, and what no controller under test
    /// handled because each that received it left it to its default, without the test expecting
    /// it.
    private func checkTheTestsOwnMessages() {
        for dispatch in recorder.testDispatches {
            let location = dispatch.sourceLocation ?? creation
            if dispatch.receivers.isEmpty, !dispatch.isRetained {
                TestFailure.record(
                    Comment(
                        rawValue: """
                            Nobody here speaks \(dispatch.conversation), which the test sent through `center`: \
                            no controller under test or stub received it. Mount the controller that handles it, \
                            or check the protocol.
                            """
                    ),
                    sourceLocation: location
                )
            }
            // Stubs do not count: a controller under test that forgot to conform would pass. (A
            // controller in a mounted nested owner, a cell say, is neither, and counts.)
            if !dispatch.receivers.isEmpty, !dispatch.isRetained,
                dispatch.receivers.allSatisfy(recorder.stubNames.contains)
            {
                TestFailure.record(
                    Comment(
                        rawValue: """
                            The test sent \(dispatch.conversation) through `center`, and no controller under test \
                            received it, only the stubs \(Self.distinct(dispatch.receivers).joined(separator: ", ")). \
                            Does the controller under test conform to \(dispatch.conversation)? Mount the controller \
                            that handles it, or check the protocol.
                            """
                    ),
                    sourceLocation: location
                )
                continue
            }
            // As the kit's diagnostic: one controller under test handling it is enough.
            guard !dispatch.isHandledUnderTest, !dispatch.unexpectedIgnored.isEmpty else { continue }
            let list = dispatch.unexpectedIgnored.map { "  - \($0.receiver) <- \(dispatch.conversation).\($0.method)" }
            let who =
                dispatch.ignoredUnderTest.count == 1
                ? "the controller under test that received it"
                : "every controller under test that received it"
            TestFailure.record(
                Comment(
                    rawValue: """
                        The test sent \(dispatch.conversation), and no controller under test handled it: \(who) \
                        left it to its default implementation (the default ran: it relays, or calls `notHandled()`):
                        \(list.joined(separator: "\n"))
                        Is the method misspelled (a different label or parameter type)? Implement it with the \
                        protocol's exact signature. If no controller here handles the message on purpose, say so \
                        after sending it: `expectIgnored((any \(dispatch.conversation)).self)`.
                        """
                ),
                sourceLocation: location
            )
        }
    }

    /// Every message the controllers under test sent so far, asserted or not, in order.
    public var sentMessages: [SentMessage] { recorder.messages }

    /// The messages sent but not yet asserted or skipped, in order.
    public var unassertedMessages: [SentMessage] { pendingPositions.map { recorder.messages[$0] } }

    /// The positions of the messages not yet asserted or skipped, oldest first.
    var pendingPositions: [Int] { recorder.messages.indices.filter { !asserted.contains($0) } }

    /// Reports a use after ``finish()`` and tells the caller to stop.
    func checkNotFinished(_ operation: String, _ sourceLocation: SourceLocation) -> Bool {
        guard isFinished else { return true }
        TestFailure.record(
            Comment(rawValue: "Cannot \(operation): \(label) already finished; create a new one."),
            sourceLocation: sourceLocation
        )
        return false
    }

    /// The name BCKit's traces use for a controller: an owner's name, otherwise its type's.
    static func name(of controller: any BusinessController) -> String {
        displayName(of: controller)
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func list(_ messages: [SentMessage]) -> String {
        messages.map { "  - \($0)" }.joined(separator: "\n")
    }
}
