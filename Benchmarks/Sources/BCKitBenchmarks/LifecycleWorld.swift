import BCKit
import ViewControllerStyle

/// A child that counts, like ``Listener``.
final class CountingChild: ChildViewController {
    let tally: Tally

    init(tally: Tally) {
        self.tally = tally
        super.init()
    }

    override func viewWillAppear() { tally.bump() }
    override func viewDidAppear() { tally.bump() }
    override func viewWillDisappear() { tally.bump() }
    override func viewDidDisappear() { tally.bump() }
}

/// A child that keeps the base class's empty methods, like ``Bystander``.
final class QuietChild: ChildViewController {}

/// One appearance cycle (will and did appear, will and did disappear) delivered to N controllers
/// by an owner and by a loop over base-class children; half of each implement the callbacks.
@MainActor
final class LifecycleWorld {
    let tally = Tally()
    let owner = Owner(name: "Lifecycle")
    let children: [ChildViewController]
    let listeners: Int

    init(n: Int) {
        var controllers: [any BusinessController] = []
        var children: [ChildViewController] = []
        for index in 0..<n {
            if index % 2 == 0 {
                controllers.append(Listener(tally: tally))
                children.append(CountingChild(tally: tally))
            } else {
                controllers.append(Bystander())
                children.append(QuietChild())
            }
        }
        self.children = children
        listeners = (n + 1) / 2
        try! owner.attach(controllers)
        try! owner.didLoad()
    }

    /// Operations are controller-events: four events to every controller per iteration.
    var kit: Runner {
        let owner = owner
        return Runner(
            label: "kit",
            operations: 4 * children.count,
            expectedCalls: 4 * listeners,
            tally: tally
        ) { iterations in
            timeLoop(iterations) {
                try! owner.willAppear()
                try! owner.didAppear()
                try! owner.willDisappear()
                try! owner.didDisappear()
            }
        }
    }

    /// Down events in reverse order, as the kit delivers them.
    var vtableLoop: Runner {
        let children = children
        return Runner(
            label: "vtable loop",
            operations: 4 * children.count,
            expectedCalls: 4 * listeners,
            tally: tally
        ) { iterations in
            timeLoop(iterations) {
                for child in children { child.viewWillAppear() }
                for child in children { child.viewDidAppear() }
                for child in children.reversed() { child.viewWillDisappear() }
                for child in children.reversed() { child.viewDidDisappear() }
            }
        }
    }
}
