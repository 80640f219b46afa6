/// What the generator knows about the type names it meets, from every file it read, so that two
/// types written differently are called different only when no typealias or generic parameter
/// could make them one.
struct TypeNames {
    /// Standard library and Foundation types that are nominal types on every platform, never
    /// typealiases, so a name among them means that type unless a read file redeclares it.
    static let standard: Set<String> = [
        "Any", "AnyObject", "Array", "ArraySlice", "Bool", "Character", "ClosedRange", "ContiguousArray", "Data",
        "Date", "Decimal", "Dictionary", "Double", "Duration", "Error", "Float", "Int", "Int16", "Int32", "Int64",
        "Int8", "Never", "Optional", "Range", "Result", "Set", "StaticString", "String", "Substring", "UInt",
        "UInt16", "UInt32", "UInt64", "UInt8", "URL", "UUID",
    ]

    /// Names declared as a class, struct, enum, actor or protocol in a read file.
    private var declared: Set<String>
    /// Names that may stand for another type: typealiases, associated types, generic parameters.
    private let aliases: Set<String>

    init(files: [SourceSummary]) {
        var declared: Set<String> = []
        var aliases: Set<String> = ["Self"]
        for file in files {
            for type in file.types where type.kind != .extension {
                declared.insert(Self.lastComponent(type.name))
            }
            for declaration in file.protocols { declared.insert(Self.lastComponent(declaration.name)) }
            aliases.formUnion(file.aliasNames)
        }
        self.declared = declared
        self.aliases = aliases
    }

    /// These names with `nominal` added, as if a read file declared each: the kit's own types,
    /// which the generator knows without reading the kit. A read file's alias of one still wins.
    func declaring(_ nominal: [String]) -> TypeNames {
        var names = self
        names.declared.formUnion(nominal)
        return names
    }

    /// Whether `name` surely names one nominal type, so a type of another name is another type.
    func isNominal(_ name: String) -> Bool {
        !aliases.contains(name) && (declared.contains(name) || Self.standard.contains(name))
    }

    /// Whether `name` may be a typealias, an associated type or a generic parameter declared in a
    /// read file, which may stand for a type that contains the name itself.
    func mayBeAlias(_ name: String) -> Bool {
        aliases.contains(name)
    }

    private static func lastComponent(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }
}
