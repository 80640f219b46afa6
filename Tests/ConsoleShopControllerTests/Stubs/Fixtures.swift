@testable import ConsoleShop

/// What the console-shop controller tests share: a store and a transcript nobody reads.
@MainActor
enum Fixtures {
    static let keyboard = Store.sample().goods(id: 1)!
    static let wristRest = Store.sample().goods(id: 3)!

    static func silentTranscript() -> Transcript {
        Transcript { _ in }
    }
}
