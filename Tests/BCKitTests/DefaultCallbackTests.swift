import Testing

@testable import BCKit

/// Counts its own will-appear callbacks; its other callbacks are the empty defaults.
@MainActor
final class AppearanceCounter: BusinessController {
    weak var owner: Owner?
    var willAppearCount = 0
    var onWillAppear: (() -> Void)?

    func ownerWillAppear() {
        willAppearCount += 1
        onWillAppear?()
    }
}

/// A fan-out skips a callback a controller left to the empty default once it has seen the default
/// run for that controller, and never skips one the controller implements.
@MainActor
@Suite struct DefaultCallbackTests {
    /// The appearance callbacks a fan-out learns about, with the bit each sets.
    static let flags: [UInt8] = [
        LifecycleRun.WillAppear.quietFlag, LifecycleRun.DidAppear.quietFlag,
        LifecycleRun.WillDisappear.quietFlag, LifecycleRun.DidDisappear.quietFlag,
    ]

    func cycle(_ owner: Owner) throws {
        try owner.willAppear()
        try owner.didAppear()
        try owner.willDisappear()
        try owner.didDisappear()
    }

    @Test func aControllerLeavingEveryCallbackToTheDefaultIsMarkedAfterOneCycle() throws {
        let owner = Owner()
        let silent = Silent()
        try owner.attach(silent)
        try owner.didLoad()
        try cycle(owner)
        let lifecycle = try #require(owner.attachment(of: silent)).lifecycle
        for flag in Self.flags { #expect(lifecycle & flag != 0) }
        try cycle(owner)
        #expect(owner.state(of: silent) == .loaded)
    }

    /// Each attachment learns for itself, so every controller of a type attached in one batch is
    /// marked after the first cycle, not only the first of them.
    @Test func everyControllerOfOneTypeAttachedTogetherIsMarkedAfterOneCycle() throws {
        let owner = Owner()
        let controllers = (0..<5).map { _ in Silent() }
        try owner.attach(controllers)
        try owner.didLoad()
        try cycle(owner)
        for controller in controllers {
            let lifecycle = try #require(owner.attachment(of: controller)).lifecycle
            for flag in Self.flags { #expect(lifecycle & flag != 0) }
        }
    }

    @Test func anImplementedCallbackIsNeverMarkedAndKeepsBeingCalled() throws {
        let owner = Owner()
        let counter = AppearanceCounter()
        try owner.attach(counter)
        try owner.didLoad()
        for _ in 0..<3 { try cycle(owner) }
        #expect(counter.willAppearCount == 3)
        let lifecycle = try #require(owner.attachment(of: counter)).lifecycle
        #expect(lifecycle & LifecycleRun.WillAppear.quietFlag == 0)
        #expect(lifecycle & LifecycleRun.DidAppear.quietFlag != 0)
    }

    /// The newcomer's catch-up runs its default will-appear inside the counter's own callback: the
    /// default that ran is the newcomer's, so the counter is not marked.
    @Test func aCallbackThatCatchesUpANewcomerWithDefaultsKeepsBeingCalled() throws {
        let owner = Owner()
        let counter = AppearanceCounter()
        let newcomer = Silent()
        counter.onWillAppear = { [unowned owner, unowned counter] in
            if counter.willAppearCount == 1 { try? owner.attach(newcomer) }
        }
        try owner.attach(counter)
        try owner.didLoad()
        for _ in 0..<3 { try cycle(owner) }
        #expect(counter.willAppearCount == 3)
        #expect(owner.state(of: newcomer) == .loaded)
        let lifecycle = try #require(owner.attachment(of: counter)).lifecycle
        #expect(lifecycle & LifecycleRun.WillAppear.quietFlag == 0)
    }

    /// Calling its own default of another callback names the controller for that callback only.
    @Test func aCallbackThatCallsItsOwnDefaultOfAnotherEventKeepsBeingCalled() throws {
        let owner = Owner()
        let counter = AppearanceCounter()
        counter.onWillAppear = { [unowned counter] in counter.ownerDidAppear() }
        try owner.attach(counter)
        try owner.didLoad()
        for _ in 0..<3 { try cycle(owner) }
        #expect(counter.willAppearCount == 3)
    }

    /// A controller that leaves the owner and joins again gets a new attachment, which learns
    /// afresh; its state stays a valid path throughout.
    @Test func aControllerAttachedAgainIsCalledUntilItsNewAttachmentLearns() throws {
        let owner = Owner()
        let counter = AppearanceCounter()
        try owner.attach(counter)
        try owner.didLoad()
        try cycle(owner)
        try owner.detach(counter)
        try owner.attach(counter)
        try cycle(owner)
        #expect(counter.willAppearCount == 2)
        #expect(owner.state(of: counter) == .loaded)
    }
}
