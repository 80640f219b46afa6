import BCKit

/// Sends the screen's internal conversations, which the program cannot name.
///
/// - Parameter center: The center to send through.
@MainActor
public func startCheckout(through center: CommunicationCenter) {
    center.checkoutDidStart(items: ["tea", "mat"])
    center.legacyDidHappen()
}
