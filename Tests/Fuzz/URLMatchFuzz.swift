// libFuzzer entry for the URL matcher; built by .ci/fuzz.sh with the Routing sources.
//
// Invariants: matching never crashes, gives the same answer twice, ignores a trailing slash
// added to a URL that has no query or fragment, and the walk that remembers dead ends finds
// what the plain backtracking walk finds.

/// The shop's routes plus the precedence corner cases, built once.
let fuzzRouter: Router<Int> = {
    var builder = RouterBuilder<Int>()
    let patterns = [
        "shop://home", "shop://goods/detail/:id<Int>", "shop://goods/detail/latest", "shop://goods/:slug",
        "shop://goods/list/*rest", "shop://order/detail?orderId=:String", "shop://search?q=:String&page=:Int?",
        "shop://cart", "shop://cart/add/:id<Int>", "shop://user/:id<UUID>/flag/:on<Bool>",
        "shop://price/:amount<Double>", "shop://files/*path",
        "shop://p/1/x", "shop://p/:n<Int>/x", "shop://p/:d<Double>/y", "shop://p/:s/x/z", "shop://p/:s/*rest",
    ]
    for (index, pattern) in patterns.enumerated() {
        try! builder.register(pattern, to: index)
    }
    return builder.build()
}()

/// Matches one fuzzer input as a URL and checks the matcher's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURLMatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let first = Result { () throws(RouteError) in try fuzzRouter.match(text)?.route.name }
    let again = Result { () throws(RouteError) in try fuzzRouter.match(text)?.route.name }
    guard first == again else { fatalError("matching \(text.debugDescription) is not deterministic") }
    if case .success(let name?) = first, !text.contains("?"), !text.contains("#"), !text.hasSuffix("/") {
        let slashed = Result { () throws(RouteError) in try fuzzRouter.match(text + "/")?.route.name }
        guard slashed == first else {
            fatalError("a trailing slash changed the match of \(text.debugDescription) from \(name)")
        }
    }
    if let url = try? RouteURL(text) {
        let table = fuzzRouter.table
        let remembering = table.trie.match(
            scheme: url.scheme, host: url.host, segments: url.segments, classes: table.classes)
        let plain = table.trie.match(scheme: url.scheme, host: url.host, segments: url.segments, classes: [])
        guard remembering?.route == plain?.route, remembering?.captures == plain?.captures else {
            fatalError(
                "the remembering walk found \(String(describing: remembering?.route)) for \(text.debugDescription), "
                    + "the plain walk \(String(describing: plain?.route))")
        }
    }
    return 0
}
