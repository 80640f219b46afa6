/// A controller registered with ``Owner/attach(lazily:speaking:priority:)``: created on the first
/// conversation it speaks, or the owner's first appearance, whichever comes first.
@MainActor
struct LazyController {
    /// The controller's type name, for descriptions.
    let name: String
    /// The conversations that create it.
    let conversations: Set<ObjectIdentifier>
    let conversationNames: [String]
    /// Its place in the owner's order, reserved when it was registered.
    let priority: Int16
    /// Renumbered with the attachments (see `Owner.renumber`).
    var sequence: UInt32
    let make: () -> any BusinessController
}
