/// Controller tasks and the clock's sleepers at one moment, to tell whether anything moved.
struct TaskPicture: Equatable {
    let runs: [ObjectIdentifier]
    let started: [Bool]
    let waits: [String?]
    let resuming: [Bool]
    let sleepers: [UInt64]

    /// Whether a task has not begun yet, or was resumed by a barrier and has not run since: it
    /// surely will once the main actor lets it. A resumed task looks quiet until it runs, and on a
    /// machine short of CPU that took more than the quiet turns (`finish()` then found it running).
    var waitsForTheMainActor: Bool { started.contains(false) || resuming.contains(true) }
}
