/// A call counter shared by the receivers of one world.
///
/// A raw pointer rather than a class `var`, so bumping it costs no exclusivity check and adds the
/// same two instructions to the kit and to every baseline.
struct Tally: @unchecked Sendable {
    // Unchecked: the benchmarks run on one thread; the notification observers that capture a
    // tally run synchronously inside `post` on that same thread.
    let pointer: UnsafeMutablePointer<Int>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    var count: Int {
        get { pointer.pointee }
        nonmutating set { pointer.pointee = newValue }
    }

    @inline(__always)
    func bump() {
        pointer.pointee &+= 1
    }
}
