import BCKit
import BCKitInspector
import Foundation

// Conversations and controllers of the recorder's tests, and a reader of what it wrote.

@MainActor
protocol PingConversation: AnyObject {
    func ping(_ secret: String)
}

extension PingConversation {
    func ping(_ secret: String) { notHandled() }
}

@MainActor
protocol EchoConversation: AnyObject {
    func echo()
}

extension CommunicationCenter {
    @discardableResult
    func ping(_ secret: String) -> Int {
        send((any PingConversation).self) { $0.ping(secret) }
    }
}

/// Hears pings and does what its test asks on each.
final class Listener: BusinessController, PingConversation {
    weak var owner: Owner?
    var onPing: (String) -> Void = { _ in }

    func ping(_ secret: String) { onPing(secret) }
}

/// Speaks `PingConversation` without a method of its own: its default runs.
final class Deaf: BusinessController, PingConversation {
    weak var owner: Owner?
}

/// Handles pings or leaves them to the default, as it was made: two of them share a name.
final class Picky: BusinessController, PingConversation {
    weak var owner: Owner?
    let handles: Bool

    init(handles: Bool) {
        self.handles = handles
    }

    func ping(_ secret: String) {
        if !handles { notHandled() }
    }
}

/// Hears echoes.
final class Echo: BusinessController, EchoConversation {
    weak var owner: Owner?
    var onEcho: () -> Void = {}

    func echo() { onEcho() }
}

/// One line of a recording, read back.
struct Line {
    let fields: [String: Any]

    var type: String { fields["type"] as? String ?? "" }
    var seq: Int { fields["seq"] as? Int ?? -1 }
    var parent: Int? { fields["parent"] as? Int }
    subscript(key: String) -> String? { fields[key] as? String }
    func number(_ key: String) -> Int? { fields[key] as? Int }
    func flag(_ key: String) -> Bool { fields[key] as? Bool ?? false }

    var receivers: [String] {
        (fields["receivers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    /// The numbers of a dispatch's receivers, in order.
    var receiverIDs: [Int?] {
        (fields["receivers"] as? [[String: Any]] ?? []).map { $0["id"] as? Int }
    }
    var handled: [Bool] {
        (fields["receivers"] as? [[String: Any]] ?? []).compactMap { $0["handled"] as? Bool }
    }
    var controllers: [String] {
        (fields["controllers"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }
    /// The numbers of the controllers of an `owner` line, in order.
    var controllerIDs: [Int] {
        (fields["controllers"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }
}

/// The lines after the header, in the order they started.
@MainActor
func lines(of recorder: InspectorRecorder) throws -> [Line] {
    try parse(recorder.jsonLines).dropFirst().sorted { $0.seq < $1.seq }
}

func parse(_ jsonLines: String) throws -> [Line] {
    try jsonLines.split(separator: "\n").map { line in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return Line(fields: object as? [String: Any] ?? [:])
    }
}

@MainActor
protocol RefreshConversation: AnyObject {
    func refresh() async
}

/// Refreshes asynchronously, suspending once.
final class Refresher: BusinessController, RefreshConversation {
    weak var owner: Owner?

    func refresh() async { await Task.yield() }
}

/// Pings from its reuse callback.
final class ReusePinger: BusinessController {
    weak var owner: Owner?

    func ownerWillReuse() { center.ping("reuse") }
}

/// Refreshes asynchronously, waiting until its test releases it.
final class Stalled: BusinessController, RefreshConversation {
    weak var owner: Owner?
    private(set) var isWaiting = false
    private var waiter: CheckedContinuation<Void, Never>?

    func refresh() async {
        await withCheckedContinuation { continuation in
            waiter = continuation
            isWaiting = true
        }
    }

    func release() {
        waiter?.resume()
        waiter = nil
    }
}
