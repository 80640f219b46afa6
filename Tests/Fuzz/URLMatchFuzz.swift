// libFuzzer entry for the URL matcher; built by .ci/fuzz.sh with the Routing sources.
//
// Invariants: matching never crashes, gives the same answer twice, and ignores a trailing slash
// added to a URL that has no query or fragment.

/// The shop's routes plus the precedence corner cases, built once.
let fuzzRouter: Router<Int> = {
    var builder = RouterBuilder<Int>()
    let patterns = [
        "shop://home", "shop://goods/detail/:id<Int>", "shop://goods/detail/latest", "shop://goods/:slug",
        "shop://goods/list/*rest", "shop://order/detail?orderId=:String", "shop://search?q=:String&page=:Int?",
        "shop://cart", "shop://cart/add/:id<Int>", "shop://user/:id<UUID>/flag/:on<Bool>",
        "shop://price/:amount<Double>", "shop://files/*path",
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
    return 0
}
