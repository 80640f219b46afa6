import BCKit

/// The sender: speaks no conversation, so it sends as a button action or a callback would.
final class CartButton: BusinessController {
    weak var owner: Owner?
}
