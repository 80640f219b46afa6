import BCKit
import Testing

// The Swift pitfall the BusinessController docs describe, pinned so a change in the language or
// in the kit shows up here.

/// Conforms without implementing `ownerDidAppear()`: the conformance binds the empty default.
@MainActor
class PitfallBase: BusinessController {
    weak var owner: Owner?
    let log: Log

    init(log: Log) {
        self.log = log
    }
}

/// Its `ownerDidAppear()` is a new method, not a witness: the owner never calls it. (The relay
/// plugin warns about it; the marker keeps this deliberate example's build clean.)
final class PitfallSubclass: PitfallBase {
    /// The pitfall itself.
    /// - NotAMessage
    func ownerDidAppear() { log.lines.append("subclass did-appear") }
}

/// Implements the callback itself, even empty, so subclasses override a real witness.
@MainActor
class SafeBase: BusinessController {
    weak var owner: Owner?
    let log: Log

    init(log: Log) {
        self.log = log
    }

    func ownerDidAppear() {}
}

final class SafeSubclass: SafeBase {
    override func ownerDidAppear() { log.lines.append("subclass did-appear") }
}

@MainActor
@Suite struct OptionalMethodsTests {
    @Test func aControllerImplementingNoCallbackIsDrivenWithoutEffect() throws {
        let owner = Owner()
        let silent = Silent()
        try owner.attach(silent)
        try owner.show()
        try owner.tearDown()
        #expect(silent.owner == nil)
    }

    @Test func aSubclassMethodIsNotCalledWhenItsBaseTookTheDefault() throws {
        let owner = Owner()
        let log = Log()
        try owner.attach(PitfallSubclass(log: log))
        try owner.show()
        #expect(log.lines.isEmpty)
    }

    @Test func aSubclassOverrideIsCalledWhenItsBaseImplementsTheCallback() throws {
        let owner = Owner()
        let log = Log()
        try owner.attach(SafeSubclass(log: log))
        try owner.show()
        #expect(log.lines == ["subclass did-appear"])
    }
}
