/// Collects what handlers, modules and services did, in order, so tests assert whole sequences.
@MainActor
final class Recorder {
    var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }
}
