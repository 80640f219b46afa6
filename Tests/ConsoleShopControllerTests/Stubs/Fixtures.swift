@testable import ConsoleShop

/// What the console-shop controller tests share: a store and a transcript nobody reads.
@MainActor
enum Fixtures {
    static let keyboard = Store.sample().goods(id: 1)!
    static let wristRest = Store.sample().goods(id: 3)!

    static func silentTranscript() -> Transcript {
        Transcript { _ in }
    }

    /// A transcript and the lines written to it, for what a controller only says.
    static func capturingTranscript() -> (Transcript, Lines) {
        let lines = Lines()
        return (Transcript { lines.all.append($0) }, lines)
    }

    final class Lines {
        var all: [String] = []
    }
}
