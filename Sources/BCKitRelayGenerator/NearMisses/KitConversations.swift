/// The kit's conversations whose messages a business controller handles, written here as data for
/// the reason ``LifecycleCallbacks`` is: the generator does not always read the kit's sources.
/// Every message has a relaying default, so a controller that declares one but leaves the
/// conversation out of its conformances compiles and is never called for it
/// (``NearMisses/forgottenConformance(of:of:speaking:catalog:)``). A test reads the kit's
/// declarations and fails when the two part ways.
///
/// `HostServiceConversation` is left out: one controller per tree provides it, written with the
/// screen, and its messages are the center's own verbs (`dismiss()`, `present(_:)`), which a
/// controller's helpers are named after.
enum KitConversations {
    /// The host's events, which a migrating team's `didReceiveMemoryWarning()` code becomes.
    static let hostEvents = KitProtocol(
        name: "HostEventConversation", noun: "message",
        declarations: [
            ("hostDidReceiveMemoryWarning()", "func hostDidReceiveMemoryWarning()"),
            ("hostDidEnterBackground()", "func hostDidEnterBackground()"),
            ("hostWillEnterForeground()", "func hostWillEnterForeground()"),
            ("hostSizeWillChange(to:)", "func hostSizeWillChange(to size: HostSize)"),
            ("hostTraitsDidChange(_:)", "func hostTraitsDidChange(_ traits: HostTraits)"),
        ],
        kitTypes: ["HostSize", "HostTraits"])

    /// The conversations, for the check.
    static let all = [hostEvents]
}
