import BCKit

/// Something a probe saw, in the order it saw it.
enum Event: Hashable, CustomStringConvertible {
    case attached(String)
    case lifecycle(String, LifecycleEvent)
    case detached(String)
    case ping(String, Int)

    var description: String {
        switch self {
        case .attached(let name): "\(name) attached"
        case .lifecycle(let name, let event): "\(name) \(event)"
        case .detached(let name): "\(name) detached"
        case .ping(let name, let value): "\(name) ping \(value)"
        }
    }
}

/// Shared, ordered log of what every probe saw.
@MainActor
final class Journal {
    private(set) var events: [Event] = []

    func record(_ event: Event) { events.append(event) }

    func clear() { events.removeAll() }

    /// Only the events of one probe.
    func events(of name: String) -> [Event] {
        events.filter { event in
            switch event {
            case .attached(let who), .lifecycle(let who, _), .detached(let who), .ping(let who, _): who == name
            }
        }
    }
}

@MainActor
protocol PingConversation: AnyObject {
    func ping(_ value: Int)
}

extension PingConversation {
    func ping(_ value: Int) {}
}

@MainActor
protocol NameQuery: AnyObject {
    var nickname: String? { get }
}

extension NameQuery {
    var nickname: String? { nil }
}

/// A controller that records its attach, lifecycle and detach callbacks in a journal.
@MainActor
protocol Recording: BusinessController {
    var name: String { get }
    var journal: Journal { get }
    var onLifecycle: ((LifecycleEvent) -> Void)? { get }
}

extension Recording {
    func didAttach(to owner: Owner) { journal.record(.attached(name)) }
    func ownerDidLoad() { saw(.didLoad) }
    func ownerWillAppear() { saw(.willAppear) }
    func ownerDidAppear() { saw(.didAppear) }
    func ownerWillDisappear() { saw(.willDisappear) }
    func ownerDidDisappear() { saw(.didDisappear) }
    func willDetach(from owner: Owner) { journal.record(.detached(name)) }

    private func saw(_ event: LifecycleEvent) {
        journal.record(.lifecycle(name, event))
        onLifecycle?(event)
    }
}

/// A recording controller that also hears pings and can run a hook when pinged.
@MainActor
final class Probe: Recording, PingConversation {
    weak var owner: Owner?
    let name: String
    let journal: Journal
    var onPing: ((Int) -> Void)?
    var onLifecycle: ((LifecycleEvent) -> Void)?

    init(_ name: String, _ journal: Journal) {
        self.name = name
        self.journal = journal
    }

    func ping(_ value: Int) {
        journal.record(.ping(name, value))
        onPing?(value)
    }
}

/// A recording controller that hears no conversation, so that it sits silently between senders
/// and receivers (it must still be brought forward in order, DESIGN 13). Not final: a test's
/// subclass adds the one conversation it needs.
@MainActor
class Mute: Recording {
    weak var owner: Owner?
    let name: String
    let journal: Journal
    var onLifecycle: ((LifecycleEvent) -> Void)?

    init(_ name: String, _ journal: Journal) {
        self.name = name
        self.journal = journal
    }
}

/// A controller that speaks no conversation and implements no callback.
@MainActor
final class Silent: BusinessController {
    weak var owner: Owner?
}

/// Answers the name query.
@MainActor
final class Named: BusinessController, NameQuery {
    weak var owner: Owner?
    let nickname: String?

    init(_ nickname: String?) {
        self.nickname = nickname
    }
}

extension Owner {
    /// Drives a fresh owner to `appeared`.
    func show() throws {
        try didLoad()
        try willAppear()
        try didAppear()
    }
}
