import BCKit

/// The shopper set the quantity stepper beside "add to cart": sent by the host (the console
/// session), the way a view forwards a control's new value.
///
/// See ``AddToCartTapConversation`` for why each gesture has its own protocol.
protocol QuantityStepperConversation: Conversation {
    /// The stepper now shows `quantity`, from 1 to 99: how many units the next tap adds.
    ///
    /// - Parameter quantity: The stepper's value.
    func userSteppedQuantity(to quantity: Int)
}
