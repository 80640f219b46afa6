import BCKit

/// A business controller that writes every lifecycle callback and host event it hears to a log.
@MainActor
final class Recorder: BusinessController, HostEventConversation {
    weak var owner: Owner?
    private(set) var log: [String] = []

    func ownerDidLoad() { log.append("did-load") }
    func ownerWillAppear() { log.append("will-appear") }
    func ownerDidAppear() { log.append("did-appear") }
    func ownerWillDisappear() { log.append("will-disappear") }
    func ownerDidDisappear() { log.append("did-disappear") }
    func willDetach(from owner: Owner) { log.append("detached") }
    func hostDidReceiveMemoryWarning() { log.append("memory warning") }
    func hostSizeWillChange(to size: HostSize) { log.append("size \(size)") }

    /// An owner holding a new recorder.
    static func owner(named name: String) -> (Owner, Recorder) {
        let owner = Owner(name: name)
        let recorder = Recorder()
        try? owner.attach(recorder)
        return (owner, recorder)
    }
}
