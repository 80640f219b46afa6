/// The physical limit of a fan-out: a loop over a pre-built array of receivers, kept out of line
/// and generic so it is specialized per call site yet borrows every element (no retain or release
/// in the loop). A loop written in the caller does not get that (see the `naive loop` baseline).
@inline(never)
func each<T>(_ items: [T], _ body: (T) -> Void) {
    for item in items {
        body(item)
    }
}
