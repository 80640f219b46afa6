import Testing

@testable import BCKit

#if canImport(Glibc)
    import Glibc
#endif

/// Attach order is kept in 32 bits and renumbered before it overflows; these tests reach the
/// owner's counter directly, which no public API can in a test's lifetime.
@MainActor
@Suite struct AttachmentOrderTests {
    let journal = Journal()

    @Test func orderSurvivesRenumberingWhenTheAttachCounterRunsOut() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        try owner.attach(Probe("B", journal), priority: 1)
        owner.nextSequence = .max - 1
        try owner.attach(Probe("C", journal))
        try owner.attach(Probe("D", journal))
        try owner.attach(Probe("E", journal), priority: 1)
        #expect(owner.controllers.map { ($0 as! Probe).name } == ["B", "E", "A", "C", "D"])
        #expect(owner.nextSequence < 10)
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(
            journal.events.compactMap { if case .ping(let name, _) = $0 { name } else { nil } } == [
                "B", "E", "A", "C", "D",
            ])
        try owner.detach(owner.controllers[2])
        #expect(owner.controllers.map { ($0 as! Probe).name } == ["B", "E", "C", "D"])
    }

    /// A lazy controller's place is reserved when it registers; renumbering must move that
    /// reservation with the attachments, or it lands after later controllers and ties with one,
    /// whose detach then removes the wrong controller.
    @Test func aLazyControllerKeepsItsReservedPlaceWhenTheCounterIsRenumbered() throws {
        let owner = Owner()
        try owner.attach(Probe("A", journal))
        try owner.attach(lazily: { Probe("L", journal) }, speaking: [(any PingConversation).self])
        try owner.attach(Probe("B", journal))
        owner.nextSequence = .max - 1
        try owner.attach(Probe("C", journal))
        try owner.attach(Probe("D", journal))
        owner.center.send((any PingConversation).self) { $0.ping(1) }
        #expect(owner.controllers.map { ($0 as! Probe).name } == ["A", "L", "B", "C", "D"])
        try owner.detach(owner.controllers[1])
        #expect(owner.controllers.map { ($0 as! Probe).name } == ["A", "B", "C", "D"])
    }

    #if canImport(Glibc)
        @Test func anAttachmentTakesOneFortyEightByteBlock() throws {
            let owner = Owner()
            try owner.attach(Silent())
            // malloc_usable_size is not in Glibc's module map; look it up like any C symbol.
            let symbol = try #require(dlsym(nil, "malloc_usable_size"))
            typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
            let usableSize = unsafeBitCast(symbol, to: UsableSize.self)
            let block = usableSize(Unmanaged.passUnretained(owner.attachments[0]).toOpaque())
            // glibc hands out 48-byte blocks with 40 usable bytes; 41 would need the next size, 64.
            #expect(block == 40)
        }
    #endif
}
