/// An `import` as written: `@preconcurrency public import struct Shop.Goods`.
struct ImportDeclaration: Hashable {
    /// The attributes, such as `@preconcurrency`, as written.
    var attributes: [String]
    /// The access level written on the import, or `nil` when it has none.
    var access: AccessLevel?
    /// The kind of a scoped import (`struct`, `func`, …), or `nil` for a whole module.
    var kind: String?
    /// The imported path, such as `Shop.Goods`, or `Shop` for a whole module.
    var path: String
    /// The `#if` clauses around the import, outermost first.
    var conditions: [ConditionFrame]
    /// The line the import starts on.
    var line: Int

    /// The imported module: the path's first component.
    var module: String { String(path.prefix { $0 != "." }) }
}
