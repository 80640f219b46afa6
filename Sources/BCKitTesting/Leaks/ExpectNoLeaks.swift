public import Testing

/// Runs a test body and fails the test if any owner, controller under test or stub that a
/// ``TestOwner`` mounted inside it is still alive once the body is over.
///
/// Everything the body created is released when it returns: test owners finish (explicitly or
/// as they are released), owners tear down, and the test's own references go away. Whatever
/// survives is held by something else, usually a cycle: a controller holding its owner strongly,
/// a closure capturing `self`, a task that never ends.
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
