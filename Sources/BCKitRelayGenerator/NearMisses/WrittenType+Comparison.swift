extension WrittenType {
    /// How two written types compare when no name is resolved.
    enum Likeness: Equatable {
        /// The same type, sugar aside.
        case same
        /// Surely different types, whatever the names they mention stand for.
        case different
        /// Different texts that a typealias or a generic parameter may still make one type.
        case unknown

        /// The likeness of two types made of parts that compare as `parts`: different when one
        /// part surely differs, the same when every part is.
        static func combining(_ parts: [Likeness]) -> Likeness {
            if parts.contains(.different) { return .different }
            return parts.allSatisfy { $0 == .same } ? .same : .unknown
        }
    }

    /// How this type compares with `other`.
    ///
    /// Two named types differ surely only when both names are known nominal types (``TypeNames``)
    /// of different names, or when one is a name no read file declares as an alias and the other
    /// contains it (`Address` and `Address?`), since no typealias can contain itself. Anything a
    /// typealias, an associated type, a generic parameter or `some` might reconcile is
    /// ``Likeness/unknown``, so the check that uses it prefers saying nothing to a false warning.
    func likeness(to other: WrittenType, names: TypeNames) -> Likeness {
        if self == other { return .same }
        switch (self, other) {
        case (.opaque, _), (_, .opaque):
            return .unknown
        case (.nominal(let path, let arguments), .nominal(let otherPath, let otherArguments)):
            guard let name = path.last, name == otherPath.last else {
                return names.isNominal(path.last ?? "") && names.isNominal(otherPath.last ?? "") ? .different : .unknown
            }
            // `Foundation.URL` and `URL` are one type; `Shop.Kind` and `Cart.Kind` may not be.
            guard
                path.reversed().starts(with: otherPath.reversed())
                    || otherPath.reversed().starts(with: path.reversed()),
                arguments.count == otherArguments.count
            else { return .unknown }
            let parts = Likeness.combining(zip(arguments, otherArguments).map { $0.likeness(to: $1, names: names) })
            return names.isNominal(name) || parts == .same ? parts : .unknown
        case (.tuple(let elements), .tuple(let otherElements)):
            guard elements.count == otherElements.count, elements.map(\.label) == otherElements.map(\.label) else {
                return .different
            }
            return .combining(zip(elements, otherElements).map { $0.type.likeness(to: $1.type, names: names) })
        case (
            .function(let parameters, let isAsync, let thrown, let result),
            .function(let otherParameters, let otherIsAsync, let otherThrown, let otherResult)
        ):
            guard parameters.count == otherParameters.count, isAsync == otherIsAsync else { return .different }
            var parts = zip(parameters, otherParameters).map { $0.likeness(to: $1, names: names) }
            parts.append(result.likeness(to: otherResult, names: names))
            switch (thrown, otherThrown) {
            case (nil, nil): break
            case (let thrown?, let otherThrown?): parts.append(thrown.likeness(to: otherThrown, names: names))
            case (let some?, nil), (nil, let some?):
                parts.append(some.likeness(to: .nominal(["Never"], arguments: []), names: names))
            }
            return .combining(parts)
        case (.metatype(let instance, let isProtocol), .metatype(let otherInstance, let otherIsProtocol)):
            guard isProtocol == otherIsProtocol else { return .different }
            return instance.likeness(to: otherInstance, names: names)
        case (.composition(let parts), .composition(let otherParts)):
            return parts.count == otherParts.count && parts.allSatisfy(otherParts.contains) ? .same : .unknown
        case (.inout(let type), .inout(let otherType)), (.variadic(let type), .variadic(let otherType)):
            return type.likeness(to: otherType, names: names)
        case (.inout, _), (_, .inout), (.variadic, _), (_, .variadic):
            return .different
        default:
            return Self.likenessOfUnlike(self, other, names: names)
        }
    }

    /// Two types of different kinds: a named one may be an alias for the other's kind.
    private static func likenessOfUnlike(_ one: WrittenType, _ other: WrittenType, names: TypeNames) -> Likeness {
        for (named, shaped) in [(one, other), (other, one)] {
            guard case .nominal(let path, _) = named else { continue }
            guard names.isNominal(path.last ?? "") else {
                let isSelfContaining = shaped.contains(named) && !named.names.contains(where: names.mayBeAlias)
                return isSelfContaining ? .different : .unknown
            }
        }
        return .different
    }
}
