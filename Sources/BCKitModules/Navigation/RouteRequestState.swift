/// What became of one ``RouteRequest`` so far, shared by every copy of it: the request is a value
/// a handler may keep and copy (into a screen, a closure), while these facts belong to the one
/// navigation it stands for.
@MainActor
final class RouteRequestState {
    /// The type of the module whose empty default ``Module/handle(_:)`` received the request, and
    /// its identity, or `nil` while no default received it.
    private(set) var defaultHandler: (type: String, identity: ObjectIdentifier)?

    /// Whether the request's completion was called, through ``RouteRequest/complete(with:)`` or
    /// ``RouteRequest/completion``.
    private var isCompleted = false

    /// Made where the request is, which need not be the main actor; nothing else can see the
    /// state until the request is handed on.
    nonisolated init() {}

    /// Notes that a module left the request to its empty default handler, so the navigator does
    /// not report it as opened.
    func reachDefaultHandler(of module: any Module) {
        defaultHandler = (String(describing: type(of: module)), ObjectIdentifier(module))
    }

    /// Notes the request's completion, and stops the program on a second one: the caller's
    /// completion would run twice (a screen pushed twice, a result counted twice), the same
    /// mistake BCKit's `Reply` stops on.
    func complete(url: String, routeName: String?) {
        if isCompleted {
            let handler = routeName.map { "the handler of route '\($0)'" } ?? "the web or unmatched handler"
            // fatalError, not preconditionFailure: optimized builds drop a precondition's message.
            fatalError(
                "BCKitModules: \(handler) completed the request for \(url) twice; call complete(with:) "
                    + "once per request.")
        }
        isCompleted = true
    }
}
