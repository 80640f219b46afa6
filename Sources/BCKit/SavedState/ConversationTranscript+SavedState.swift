extension ConversationTranscript {
    /// Adds a line for a controller that got its saved piece back, `[Owner] restored Controller
    /// (key)`, where the restore happened: a screen rebuilt after process death reads as such.
    /// ``didObserve(_:)`` calls it for ``TraceEvent/Kind/restored``.
    ///
    /// - Parameter event: The restore.
    func noteRestore(_ event: TraceEvent) {
        note("[\(event.owner.name)] restored \(event.subject ?? "?") (\(event.detail ?? "?"))")
    }
}
