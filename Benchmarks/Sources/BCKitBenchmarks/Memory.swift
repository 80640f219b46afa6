import BCKit
import Foundation

/// Ten conversations every memory controller speaks, so each one adds ten cached pairs.
@MainActor protocol Aisle0: AnyObject {}
@MainActor protocol Aisle1: AnyObject {}
@MainActor protocol Aisle2: AnyObject {}
@MainActor protocol Aisle3: AnyObject {}
@MainActor protocol Aisle4: AnyObject {}
@MainActor protocol Aisle5: AnyObject {}
@MainActor protocol Aisle6: AnyObject {}
@MainActor protocol Aisle7: AnyObject {}
@MainActor protocol Aisle8: AnyObject {}
@MainActor protocol Aisle9: AnyObject {}

final class Shelf: BusinessController, Aisle0, Aisle1, Aisle2, Aisle3, Aisle4, Aisle5, Aisle6, Aisle7, Aisle8,
    Aisle9
{
    weak var owner: Owner?
}

/// The resident set size, from `/proc/self/statm`.
func residentBytes() -> Int {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// RSS growth over `count` controllers: attaching them (kit overhead per controller), caching ten
/// conversations over them (per pair), and one NotificationCenter block observer each.
@MainActor
func measureMemory(count: Int) -> [Row] {
    let shelves = (0..<count).map { _ in Shelf() }
    let owner = Owner(name: "Memory")
    let beforeAttach = residentBytes()
    for shelf in shelves {
        try! owner.attach(shelf)
    }
    let afterAttach = residentBytes()
    let center = owner.center
    center.prepare((any Aisle0).self)
    center.prepare((any Aisle1).self)
    center.prepare((any Aisle2).self)
    center.prepare((any Aisle3).self)
    center.prepare((any Aisle4).self)
    center.prepare((any Aisle5).self)
    center.prepare((any Aisle6).self)
    center.prepare((any Aisle7).self)
    center.prepare((any Aisle8).self)
    center.prepare((any Aisle9).self)
    let afterPairs = residentBytes()
    precondition(owner.controllers.count == count, "memory: \(owner.controllers.count) controllers attached")

    let notifications = NotificationCenter()
    let tally = Tally()
    let name = Notification.Name("BCKitBenchmarks.memory")
    let beforeObservers = residentBytes()
    let observers = shelves.map { _ in
        notifications.addObserver(forName: name, object: nil, queue: nil) { _ in tally.bump() }
    }
    let afterObservers = residentBytes()
    notifications.post(name: name, object: nil)
    precondition(tally.count == count && observers.count == count, "memory: \(tally.count) observers called")

    let perController = Double(afterAttach - beforeAttach) / Double(count)
    let perPair = Double(afterPairs - afterAttach) / Double(count * 10)
    let perObserver = Double(afterObservers - beforeObservers) / Double(count)
    withExtendedLifetime((shelves, owner, observers)) {}
    return [
        Row(name: "memory per controller", n: count, unit: "B", kit: perController, kitSpread: 0,
            baseline: "NotificationCenter observer", baselineValue: perObserver, baselineSpread: 0),
        Row(name: "memory per cached pair", n: count, unit: "B", kit: perPair, kitSpread: 0,
            baseline: "NotificationCenter observer", baselineValue: perObserver, baselineSpread: 0),
    ]
}
