/// A kit protocol whose requirements all have empty defaults, so that a conforming type's
/// misspelled or mistyped member compiles and is never called: `BusinessController`'s callbacks
/// (``LifecycleCallbacks``) and BCKitModules' `Module` (``ModuleRequirements``). The two near-miss
/// checks of such a member, by name and by signature, are written once over this description.
struct KitProtocol {
    /// The protocol's name, as warnings print it.
    let name: String
    /// What warnings call one of its requirements: `callback`, `requirement`.
    let noun: String
    /// The requirements: each full name, as `#function` gives it, with the declaration a
    /// conforming type writes to implement it.
    let declarations: [(name: String, declaration: String)]
    /// The kit's types the declarations name, which the generator knows without reading the kit.
    let kitTypes: [String]
    /// Base names shorter than this allow one edit, not ``EditDistance/limit``: short common
    /// names (`start`, `handle`) would reach real words (`restart`) at two.
    let shortNameLength: Int

    /// The requirements with their base names.
    var methods: [(base: String, name: String)] {
        declarations.map { (String($0.name.prefix { $0 != "(" }), $0.name) }
    }

    /// The requirements read as a protocol's, to compare a member named exactly like one with its
    /// signature (``SignatureMismatch``).
    let requirements: [Requirement]

    init(
        name: String,
        noun: String,
        declarations: [(name: String, declaration: String)],
        kitTypes: [String],
        shortNameLength: Int = 0
    ) {
        self.name = name
        self.noun = noun
        self.declarations = declarations
        self.kitTypes = kitTypes
        self.shortNameLength = shortNameLength
        let source = "protocol \(name) {\n" + declarations.map(\.declaration).joined(separator: "\n") + "\n}"
        requirements = DeclarationReader.read(file: name, source: source).protocols.first?.requirements ?? []
    }

    /// The edits at which another base name is a near miss of the requirement named `base`.
    func editLimit(for base: String) -> Int {
        base.count < shortNameLength ? 1 : EditDistance.limit
    }

    /// The declaration of the requirement with this full name.
    func declaration(of fullName: String) -> String {
        declarations.first { $0.name == fullName }?.declaration ?? fullName
    }
}
