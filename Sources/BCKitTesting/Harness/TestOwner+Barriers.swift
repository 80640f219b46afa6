public import BCKit
public import Testing

extension TestOwner {
    /// Overcomes a barrier the controllers under test wait on, then lets the tasks it resumed run
    /// to their next suspension, with no real waiting.
    ///
    /// ```swift
    /// let signedIn = Barrier<String>("signedIn")
    /// let test = TestOwner(testing: AddToCartController(signedIn: signedIn))
    /// let cart = test.stub(FakeCart())
    /// test.drive(to: .appeared)
    /// test.center.userTappedAddToCart()
    /// await test.settle()                        // the task waits on the barrier: settled
    /// await test.overcome(signedIn, with: "ada") // it goes on and adds
    /// test.expectSent((any CartConversation).self)
    /// ```
    ///
    /// A task waiting with BCKit's `context.wait(for:)` counts as settled for
    /// ``settle(timeout:sourceLocation:)``: it goes on only when the test overcomes or cancels the
    /// barrier, or the controller leaves. Call ``settle(timeout:sourceLocation:)`` first when the
    /// task may not have reached its wait yet.
    ///
    /// - Parameters:
    ///   - barrier: The barrier.
    ///   - value: What the waiters get.
    ///   - sourceLocation: Where tasks that never stop running are reported.
    public func overcome<Value>(
        _ barrier: Barrier<Value>,
        with value: Value,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("overcome \(barrier.name)", sourceLocation) else { return }
        barrier.overcome(with: value)
        _ = await letTasksRun(sourceLocation)
        observeLifecycle()
    }

    /// Overcomes a barrier that carries no value, such as "terms accepted"; see
    /// ``overcome(_:with:sourceLocation:)``.
    ///
    /// - Parameters:
    ///   - barrier: The barrier.
    ///   - sourceLocation: Where tasks that never stop running are reported.
    public func overcome(_ barrier: Barrier<Void>, sourceLocation: SourceLocation = #_sourceLocation) async {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        await overcome(barrier, with: (), sourceLocation: sourceLocation)
    }

    /// Cancels a barrier the controllers under test wait on: each waiter is resumed with
    /// `BarrierCancellation.cancelled`, and the tasks run to their next suspension, with no real
    /// waiting.
    ///
    /// ```swift
    /// await test.cancel(signedIn)      // sign-in given up
    /// #expect(cart.added.isEmpty)
    /// ```
    ///
    /// - Parameters:
    ///   - barrier: The barrier.
    ///   - sourceLocation: Where tasks that never stop running are reported.
    public func cancel<Value>(_ barrier: Barrier<Value>, sourceLocation: SourceLocation = #_sourceLocation) async {
        let outer = recorder.reportDiagnostics(at: sourceLocation)
        defer { recorder.issueLocation = outer }
        guard checkNotFinished("cancel \(barrier.name)", sourceLocation) else { return }
        barrier.cancel()
        _ = await letTasksRun(sourceLocation)
        observeLifecycle()
    }
}
