/// Identifies one dispatch while it runs, so a tracer can pair its start with its end.
///
/// Two dispatches running at the same time never share an identifier; one that has ended may
/// give its identifier to a later dispatch, so a tracer that keeps dispatches for longer numbers
/// them itself.
public struct DispatchID: Hashable, Sendable {
    let value: ObjectIdentifier

    /// The identifier of the dispatch `token` stands for while it is alive.
    init(_ token: AnyObject) {
        value = ObjectIdentifier(token)
    }
}
