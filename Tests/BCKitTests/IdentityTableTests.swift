import Testing

@testable import BCKit

@Suite struct IdentityTableTests {
    /// Objects whose identities the table is keyed by, kept alive for the test.
    final class Key {}

    /// Removal shifts later keys of a run back into the gap; a random script of insertions and
    /// removals, checked against a dictionary after every step, catches a key lost behind a gap.
    @Test func insertionsAndRemovalsAgreeWithADictionary() {
        let keys = (0..<200).map { _ in Key() }
        var table = IdentityTable<Int>()
        var model: [ObjectIdentifier: Int] = [:]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<5_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = ObjectIdentifier(keys[Int((seed >> 33) % UInt64(keys.count))])
            if (seed >> 20) % 3 == 0 {
                table.removeValue(for: key)
                model[key] = nil
            } else {
                table.insert(step, for: key)
                model[key] = step
            }
            #expect(table.count == model.count)
        }
        for key in keys.map(ObjectIdentifier.init) {
            #expect(table.value(for: key) == model[key])
        }
    }

    @Test func removingAKeyItDoesNotHoldChangesNothing() {
        let (held, other) = (Key(), Key())
        var table = IdentityTable<Int>()
        table.removeValue(for: ObjectIdentifier(held))
        table.insert(1, for: ObjectIdentifier(held))
        table.removeValue(for: ObjectIdentifier(other))
        #expect(table.count == 1)
        #expect(table.value(for: ObjectIdentifier(held)) == 1)
    }
}
