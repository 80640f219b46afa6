import Foundation

/// App-wide events, delivered to every module that speaks this conversation, in start order.
///
/// ``ModuleHost`` sends them through its owner's communication center. Every method has an
/// empty default, so a module implements only the events it cares about.
///
/// ```swift
/// final class AnalyticsModule: Module, AppEventConversation {
///     weak var owner: Owner?
///     func appDidEnterBackground() { flush() }
/// }
/// ```
@MainActor
public protocol AppEventConversation: AnyObject {
    /// Every module has started.
    func appDidLaunch()

    /// The app is about to come to the foreground.
    func appWillEnterForeground()

    /// The app went to the background.
    func appDidEnterBackground()

    /// The app was asked to open a URL; sent before the navigator opens a URL it accepts.
    ///
    /// A URL the navigator refuses is never announced: a malformed one, or one from outside the
    /// app on a scheme or to a route not allowed from outside. One that matches no route is
    /// accepted, so it is announced before it goes to the unmatched handler, as is one that then
    /// waits on a guard.
    ///
    /// - Parameter url: The URL, as given.
    func appDidOpen(_ url: String)
}

// MARK: - Default implementations

extension AppEventConversation {
    /// Does nothing.
    public func appDidLaunch() {}

    /// Does nothing.
    public func appWillEnterForeground() {}

    /// Does nothing.
    public func appDidEnterBackground() {}

    /// Does nothing.
    ///
    /// - Parameter url: The URL.
    public func appDidOpen(_ url: String) {}
}
