/// What the host hears from the system that its controllers may care about: memory warnings,
/// going to the background and back, size and trait changes.
///
/// The screen no longer relays these by hand: ``HostRelay`` and the console host send them to every
/// controller that speaks this conversation, in nested owners too (``Scope/broadcastDown``). The
/// adapters call the relay for what their framework tells a view controller or view (UIKit's
/// memory warnings and size transitions, SwiftUI's scene phase); the app forwards the rest through
/// the relay. A controller implements only what it needs:
///
/// ```swift
/// final class ThumbnailController: BusinessController, HostEventConversation {
///     weak var owner: Owner?
///     private var thumbnails: [Int: [UInt8]] = [:]
///
///     func hostDidReceiveMemoryWarning() { thumbnails.removeAll() }
/// }
/// ```
@MainActor
public protocol HostEventConversation: AnyObject {
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
    /// Does nothing.
    public func hostDidReceiveMemoryWarning() {}

    /// Does nothing.
    public func hostDidEnterBackground() {}

    /// Does nothing.
    public func hostWillEnterForeground() {}

    /// Does nothing.
    public func hostSizeWillChange(to size: HostSize) {}

    /// Does nothing.
    public func hostTraitsDidChange(_ traits: HostTraits) {}
}
