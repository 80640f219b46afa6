extension TraceEvent.Kind {
    /// A controller got its saved piece back (``RestorableController/restoreState(_:)`` is about to
    /// run); ``TraceEvent/subject`` names the controller and ``TraceEvent/detail`` is its key.
    public static let restored = Self("restored")

    /// The owner saved its state (``Owner/saveState()``); ``TraceEvent/detail`` says how many
    /// pieces and bytes, such as `3 pieces, 142 bytes`.
    public static let saved = Self("saved")
}
