public import BCKit

/// A business controller that writes every lifecycle callback and host event it hears to a log;
/// shared by the three adapters' tests.
@MainActor
public final class Recorder: BusinessController, HostEventConversation {
    /// The owner it is attached to.
    public weak var owner: Owner?
    /// What it heard, in order.
    public private(set) var log: [String] = []

    /// Creates a recorder with an empty log.
    public init() {}

    /// Logs the callback.
    public func ownerDidLoad() { log.append("did-load") }
    /// Logs the callback.
    public func ownerWillAppear() { log.append("will-appear") }
    /// Logs the callback.
    public func ownerDidAppear() { log.append("did-appear") }
    /// Logs the callback.
    public func ownerWillDisappear() { log.append("will-disappear") }
    /// Logs the callback.
    public func ownerDidDisappear() { log.append("did-disappear") }
    /// Logs the callback.
    public func willDetach(from owner: Owner) { log.append("detached") }
    /// Logs the callback.
    public func hostDidReceiveMemoryWarning() { log.append("memory warning") }
    /// Logs the callback.
    public func hostDidEnterBackground() { log.append("background") }
    /// Logs the callback.
    public func hostWillEnterForeground() { log.append("foreground") }
    /// Logs the callback.
    public func hostSizeWillChange(to size: HostSize) { log.append("size \(size)") }

    /// An owner holding a new recorder.
    public static func owner(named name: String) -> (Owner, Recorder) {
        let owner = Owner(name: name)
        let recorder = Recorder()
        try? owner.attach(recorder)
        return (owner, recorder)
    }
}
