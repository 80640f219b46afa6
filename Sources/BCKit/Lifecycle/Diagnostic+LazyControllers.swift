// The causes of the lazy controllers' diagnostics: a registration that names a conversation its
// controller does not speak, and a factory that returns what attach(_:) refuses, are found only
// once the controller exists, when its creation is reported. Reported in every build, as the
// saved-state causes are.

extension Diagnostic.Cause {
    /// A controller registered with ``Owner/attach(lazily:speaking:creation:priority:)`` does not
    /// speak one of the conversations listed in `speaking:`: that conversation's first message
    /// creates it, and it never hears the conversation. Make it conform, or leave the conversation
    /// out of the list. ``Diagnostic/sender`` names the controller: its type, or a nested owner's
    /// name.
    public static let unspokenLazyConversation = Self("lazy controller does not speak its conversation")

    /// The factory of a controller registered with ``Owner/attach(lazily:speaking:creation:priority:)``
    /// returned one that ``Owner/attach(_:priority:)`` would refuse: attached already, or an owner
    /// that is this one or one it is nested in, or that was driven or torn down already. Nothing is
    /// attached; the hint gives the refusal. Return a new controller, or a new owner, from the
    /// factory. ``Diagnostic/sender`` names what it returned: its type, or an owner's name.
    public static let lazyControllerRefused = Self("lazy controller refused")
}
