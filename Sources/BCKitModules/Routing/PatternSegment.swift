import Foundation

/// One path segment of a ``RoutePattern``.
enum PatternSegment: Hashable, Sendable, CustomStringConvertible {
    /// Matches exactly this decoded text.
    case literal(String)
    /// Matches one segment of the given type; `.string` is the untyped parameter.
    case parameter(String, ParameterKind)
    /// Matches one or more remaining segments.
    case catchAll(String)

    init(parsing piece: Substring, in pattern: String) throws(RouteError) {
        if piece.hasPrefix(":") {
            var body = piece.dropFirst()
            var kind = ParameterKind.string
            if let open = body.firstIndex(of: "<") {
                guard body.hasSuffix(">") else { throw .invalidParameterName(pattern, segment: String(piece)) }
                let typeName = String(body[body.index(after: open)..<body.index(before: body.endIndex)])
                guard let parsed = ParameterKind(typeName: typeName) else {
                    throw .unknownParameterType(pattern, type: typeName)
                }
                kind = parsed
                body = body[..<open]
            }
            guard RoutePattern.isParameterName(body) else {
                throw .invalidParameterName(pattern, segment: String(piece))
            }
            self = .parameter(String(body), kind)
        } else if piece.hasPrefix("*") {
            let name = piece.dropFirst()
            guard RoutePattern.isParameterName(name) else {
                throw .invalidParameterName(pattern, segment: String(piece))
            }
            self = .catchAll(String(name))
        } else {
            guard let decoded = String(piece).removingPercentEncoding else { throw .invalidPercentEscape(pattern) }
            self = .literal(decoded)
        }
    }

    var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let name, _), .catchAll(let name): name
        }
    }

    var description: String {
        switch self {
        case .literal(let text): text.addingPercentEncoding(withAllowedCharacters: .routeSegment) ?? text
        case .parameter(let name, .string): ":\(name)"
        case .parameter(let name, let kind): ":\(name)<\(kind)>"
        case .catchAll(let name): "*\(name)"
        }
    }
}
