// libFuzzer entry for the route-pattern parser; built by .ci/fuzz.sh with the Routing sources.
//
// Invariants: parsing never crashes; the byte parser (plain-ASCII patterns) and the Character
// parser with Foundation's decoding give the same pattern or the same error; a pattern that parses
// prints a canonical form that parses back to the same pattern, and a fresh builder accepts it.

/// Parses one fuzzer input as a route pattern and checks the parser's invariants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutePattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let fastest = Result { () throws(RouteError) in try RoutePattern(text, parser: .fastest) }
    let general = Result { () throws(RouteError) in try RoutePattern(text, parser: .general) }
    switch (fastest, general) {
    case (.success(let one), .success(let other)):
        guard one.description == other.description, one.scheme == other.scheme, one.host == other.host,
            one.parameterNames == other.parameterNames
        else {
            fatalError("the parsers read \(text.debugDescription) differently: \(one) and \(other)")
        }
    case (.failure(let one), .failure(let other)):
        guard one == other else {
            fatalError("the parsers refuse \(text.debugDescription) differently: \(one), \(other)")
        }
    default:
        fatalError("one parser refuses \(text.debugDescription): \(fastest) against \(general)")
    }
    guard let pattern = try? RoutePattern(text) else { return 0 }
    guard let again = try? RoutePattern(pattern.description) else {
        fatalError(
            "the canonical form \(pattern.description.debugDescription) of \(text.debugDescription) does not parse")
    }
    guard again == pattern else {
        fatalError("\(text.debugDescription) and its canonical form parse differently")
    }
    var builder = RouterBuilder<Int>()
    do {
        try builder.register(pattern, to: 0)
    } catch {
        fatalError("a fresh builder refused \(text.debugDescription): \(error)")
    }
    return 0
}
