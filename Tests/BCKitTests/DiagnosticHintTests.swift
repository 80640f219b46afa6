import BCKit
import Testing

/// Speaks the basket conversation and handles only a change: a clear is left to the default.
@MainActor
private final class BasketTally: BusinessController, BasketConversation {
    weak var owner: Owner?
    var heard: [Int] = []

    func basketDidChange(count: Int) { heard.append(count) }
}

/// New-user trial findings: the hint of a diagnostic names every likely cause, and never one that
/// cannot be (an unattached controller, when the owner was torn down).
@MainActor
@Suite struct DiagnosticHintTests {
    /// The controller that handles a clear was never attached; the receivers that are leave it to the
    /// default.
    @Test func aMessageEveryReceiverIgnoresNamesAMisspellingAndAMissingController() throws {
        let owner = Owner(name: "Cart")
        let log = owner.collectDiagnostics()
        try owner.attach([BasketTally(), BasketTally()])

        owner.center.basketWasCleared()

        #expect(log.reported.map(\.cause) == [.unhandledMessage])
        let hint = try #require(log.reported.first?.hint)
        #expect(hint.contains("misspell basketWasCleared()"))
        #expect(hint.contains("not attached"))
    }
}
