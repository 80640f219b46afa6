/// What the host hears from the system that its controllers may care about: memory warnings,
/// going to the background and back, size and trait changes.
///
/// The screen no longer relays these by hand: ``HostRelay`` and the console host send them to every
/// controller that speaks this conversation, in nested owners too (``Scope/broadcastDown``). The
/// adapters call the relay for what their framework tells a view controller or view (UIKit's
/// memory warnings and size transitions, SwiftUI's scene phase); the app forwards the rest through
/// the relay. It is an ordinary ``Conversation``, declared quiet: a memory warning that no
/// controller cares about is normal, so it is never reported as unhandled. A controller implements
/// only what it needs:
///
/// ```swift
/// final class ThumbnailController: BusinessController, HostEventConversation {
///     weak var owner: Owner?
///     private var thumbnails: [Int: [UInt8]] = [:]
///
///     func hostDidReceiveMemoryWarning() { thumbnails.removeAll() }
/// }
/// ```
///
/// An app adds host events of its own the same way, as a quiet conversation the center conforms
/// to, and sends them down the tree through ``HostRelay/events``:
///
/// ```swift
/// protocol ConnectivityConversation: Conversation {
///     func connectivityDidChange(isOnline: Bool)
/// }
///
/// extension ConnectivityConversation {
///     func connectivityDidChange(isOnline: Bool) {
///         relay((any ConnectivityConversation).self, message: .quiet()) { $0.connectivityDidChange(isOnline: isOnline) }
///     }
/// }
///
/// extension CommunicationCenter: ConnectivityConversation {}
/// ```
///
/// ```swift
/// relay.events.connectivityDidChange(isOnline: false)
/// ```
public protocol HostEventConversation: Conversation {
    /// The system is short of memory: drop whatever can be rebuilt.
    func hostDidReceiveMemoryWarning()

    /// The app went to the background.
    func hostDidEnterBackground()

    /// The app is about to come back to the foreground.
    func hostWillEnterForeground()

    /// The host's content is about to take a new size (a rotation, a split-view resize, a window
    /// resize).
    ///
    /// - Parameter size: The new size, in points.
    func hostSizeWillChange(to size: HostSize)

    /// The host's traits changed (size classes, light or dark appearance, display scale).
    ///
    /// - Parameter traits: The traits now in effect.
    func hostTraitsDidChange(_ traits: HostTraits)
}

// MARK: - Default implementations

extension HostEventConversation {
    /// Relays the memory warning, quietly.
    public func hostDidReceiveMemoryWarning() {
        relay((any HostEventConversation).self, message: .quiet()) { $0.hostDidReceiveMemoryWarning() }
    }

    /// Relays the move to the background, quietly.
    public func hostDidEnterBackground() {
        relay((any HostEventConversation).self, message: .quiet()) { $0.hostDidEnterBackground() }
    }

    /// Relays the return to the foreground, quietly.
    public func hostWillEnterForeground() {
        relay((any HostEventConversation).self, message: .quiet()) { $0.hostWillEnterForeground() }
    }

    /// Relays the new size, quietly.
    public func hostSizeWillChange(to size: HostSize) {
        relay((any HostEventConversation).self, message: .quiet()) { $0.hostSizeWillChange(to: size) }
    }

    /// Relays the new traits, quietly.
    public func hostTraitsDidChange(_ traits: HostTraits) {
        relay((any HostEventConversation).self, message: .quiet()) { $0.hostTraitsDidChange(traits) }
    }
}

// The center sends host events: `owner.center.down.hostDidReceiveMemoryWarning()`.
extension CommunicationCenter: HostEventConversation {}
