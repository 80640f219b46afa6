import BCKit

/// A role of the shelf's controllers: it refines `BusinessController` as well as a conversation, so
/// the plugin relays `ShelfConversation` alone and leaves the role to the controllers.
package protocol ShelfPart: BusinessController, ShelfConversation {}

/// Plays the role; built only to prove the role compiles beside the generated relays.
final class RestockBanner: ShelfPart {
    weak var owner: Owner?

    func shelfWasRestocked() {}
}
