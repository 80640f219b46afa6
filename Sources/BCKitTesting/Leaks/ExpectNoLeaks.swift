public import Testing

/// Runs a test body and fails the test if any owner, controller under test or stub that a
/// ``TestOwner`` mounted inside it is still alive once the body is over.
///
/// Everything the body created is released when it returns: test owners finish (explicitly or
/// as they are released), owners tear down, and the test's own references go away. Whatever
/// survives is held by something else, usually a cycle: a controller holding its owner strongly,
/// a closure capturing `self`, a task that never ends.
///
/// A tear-down hides a cycle through the owner, which an app dropping a screen without one does
/// not: so as each test owner finishes, each controller under test is also attached to a fresh
/// screen with the test's stubs, brought to the state the test took it to, and the screen is
/// released. Its callbacks run a second time there: what it sends is not recorded, but a fake it
/// calls, or a stub's `calls`, sees them. When that screen refuses one of them, the test fails
/// saying the check could not run, and why.
///
/// ```swift
/// @Test func headerDoesNotLeak() {
///     expectNoLeaks {
///         let test = TestOwner(testing: HeaderController())
///         test.drive(to: .appeared)
///         test.finish()
///     }
/// }
/// ```
///
/// - Parameters:
///   - sourceLocation: Where a leak is reported; the call site by default.
///   - body: The test body. Objects are watched only if a test owner mounted them here.
/// - Throws: Whatever `body` throws; leaks are then still checked.
@MainActor
public func expectNoLeaks(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) rethrows {
    let watch = LeakWatch()
    defer { report(watch, at: sourceLocation) }
    try LeakWatch.$current.withValue(watch) {
        try body()
    }
}

/// Runs an async test body and fails the test if any owner, controller under test or stub that a
/// ``TestOwner`` mounted inside it is still alive once the body is over.
///
/// ```swift
/// @Test func refreshDoesNotLeak() async {
///     await expectNoLeaks {
///         let test = TestOwner(testing: RefreshController())
///         await test.send((any RefreshConversation).self) { await $0.refresh() }
///         test.skipSentMessages()
///     }
/// }
/// ```
///
/// As with the synchronous form, each controller under test is also dropped once on a fresh
/// screen with the test's stubs, its callbacks running a second time there.
///
/// - Parameters:
///   - sourceLocation: Where a leak is reported; the call site by default.
///   - body: The test body.
/// - Throws: Whatever `body` throws; leaks are then still checked.
@MainActor
public func expectNoLeaks(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async rethrows {
    let watch = LeakWatch()
    defer { report(watch, at: sourceLocation) }
    try await LeakWatch.$current.withValue(watch) {
        try await body()
    }
}

@MainActor
private func report(_ watch: LeakWatch, at sourceLocation: SourceLocation) {
    let survivors = watch.survivors()
    var paragraphs = watch.findings
    if !survivors.isEmpty {
        paragraphs.insert(
            """
            Leaked: still alive after the test owner was torn down and the body ended: \
            \(survivors.joined(separator: ", ")). Something holds \(survivors.count == 1 ? "it" : "them") \
            strongly: a controller's `owner` not declared `weak`, a closure capturing `self`, \
            a task that never ends, or a reference kept outside the body.
            """,
            at: 0
        )
    }
    guard !paragraphs.isEmpty else { return }
    TestFailure.record(Comment(rawValue: paragraphs.joined(separator: "\n")), sourceLocation: sourceLocation)
}
