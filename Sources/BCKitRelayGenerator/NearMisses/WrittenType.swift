/// A type as written in a declaration, parsed just far enough to compare it with another without
/// resolving any name.
///
/// Parsing normalizes what only changes the spelling: whitespace, a `Swift.` prefix, `T?` and
/// `T!` for `Optional<T>`, `[T]` for `Array<T>`, `[K: V]` for `Dictionary<K, V>`, `Void` for
/// `()`, `(T)` for `T`, `any P` for `P`, and the order of a composition. It drops attributes
/// (`@escaping`, `@Sendable`, `@MainActor`) and ownership (`borrowing`, `consuming`): those that
/// decide whether a method witnesses a requirement, an added `@escaping` and a global actor, are
/// compared on their own (``attributes(in:)``, ``SignatureMismatch``). `inout` and `T...` are
/// kept, since they always make another parameter.
indirect enum WrittenType: Equatable {
    /// One element of a tuple.
    struct Element: Equatable {
        var label: String?
        var type: WrittenType
    }

    /// A named type, by its path (`Shop.Address`) and its generic arguments.
    case nominal([String], arguments: [WrittenType])
    /// A tuple; `()` is the empty one.
    case tuple([Element])
    /// A function type; `thrown` is `nil` for none, `Error` for a plain `throws`.
    case function(parameters: [WrittenType], isAsync: Bool, thrown: WrittenType?, result: WrittenType)
    /// `T.Type`, or `T.Protocol` when `isProtocol`.
    case metatype(WrittenType, isProtocol: Bool)
    /// `P & Q`.
    case composition([WrittenType])
    /// An `inout` parameter.
    case `inout`(WrittenType)
    /// A variadic parameter, `T...`.
    case variadic(WrittenType)
    /// `some P`: a generic parameter the generator does not resolve.
    case opaque

    /// `Optional<wrapped>`.
    static func optional(_ wrapped: WrittenType) -> WrittenType { .nominal(["Optional"], arguments: [wrapped]) }

    /// Whether `other` appears inside this type, not as the whole of it.
    func contains(_ other: WrittenType) -> Bool {
        children.contains { $0 == other || $0.contains(other) }
    }

    /// The names of the nominal types it mentions, by their last component.
    var names: [String] {
        if case .nominal(let path, _) = self { return [path.last ?? ""] + children.flatMap(\.names) }
        return children.flatMap(\.names)
    }

    private var children: [WrittenType] {
        switch self {
        case .nominal(_, let arguments): arguments
        case .tuple(let elements): elements.map(\.type)
        case .function(let parameters, _, let thrown, let result): parameters + [thrown, result].compactMap { $0 }
        case .metatype(let instance, _): [instance]
        case .composition(let parts): parts
        case .inout(let type), .variadic(let type): [type]
        case .opaque: []
        }
    }
}
