extension ConversationTranscript {
    /// Adds a line for each controller that got its saved piece back, `[Owner] restored Controller
    /// (key)`, where the restore happened: a screen rebuilt after process death reads as such.
    ///
    /// Other events (attaches, tasks, markers) are left out, so the transcript stays the message
    /// flow it always was.
    ///
    /// - Parameter event: What happened.
    public func didObserve(_ event: TraceEvent) {
        guard event.kind == .restored else { return }
        note("[\(event.owner.name)] restored \(event.subject ?? "?") (\(event.detail ?? "?"))")
    }
}
