import BCKit
import Testing

// The blocks of Diagnostic's `handler`, Owner's `onDiagnostic` and HostDiagnostic, verbatim.

/// Plays the app's logger.
@MainActor
private final class Logger {
    private(set) var warnings: [String] = []

    func warning(_ text: String) { warnings.append(text) }
}

@MainActor
@Suite struct DiagnosticExampleTests {
    @Test func theAppWideHandlerGetsTheDiagnosticsOfOwnersWithoutTheirOwn() {
        let logger = Logger()
        let owner = Owner(name: "Cart")
        let previous = Diagnostic.handler
        defer { Diagnostic.handler = previous }

        Diagnostic.handler = { logger.warning("\($0)") }
        owner.center.navigate(to: "shop://checkout")

        #expect(logger.warnings.count == 1)
        let cause = Diagnostic.Cause.unhonoredHostRequest
        #expect(logger.warnings.first?.hasPrefix("\(cause): HostServiceConversation.") == true)
    }

    @Test func anOwnersHandlerGetsItsDiagnosticsOnce() {
        let logger = Logger()
        let owner = Owner(name: "Cart")

        owner.onDiagnostic = { logger.warning("\($0)") }
        owner.center.navigate(to: "shop://checkout")
        owner.center.navigate(to: "shop://checkout")

        #expect(logger.warnings.count == 1)
        #expect(logger.warnings.first?.contains("in 'Cart'") == true)
    }

    @Test func aRefusedHostCallbackCarriesItsRefusal() throws {
        let logger = Logger()
        let page = Owner(name: "Page")
        let owner = Owner(name: "Reviews")
        try page.attach(owner)

        owner.onDiagnostic = { diagnostic in
            if let refusal = diagnostic.refusal { logger.warning("\(refusal)") }
        }
        let relay = HostRelay(owner: owner)
        relay.viewDidLoad()

        #expect(logger.warnings.count == 1)
        #expect(owner.state == .initial)
    }
}
