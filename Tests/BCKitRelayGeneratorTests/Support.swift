/// A catalog of sources given as text, keyed by file path.
func catalog(_ own: [String: String], dependencies: [String: String] = [:]) -> Catalog {
    Catalog(
        own: own.sorted { $0.key < $1.key }.map { DeclarationReader.read(file: $0.key, source: $0.value) },
        dependencies: dependencies.sorted { $0.key < $1.key }.map {
            DeclarationReader.read(file: $0.key, source: $0.value)
        }
    )
}

/// The plan for sources given as text, keyed by file path.
func plan(_ own: [String: String], dependencies: [String: String] = [:]) -> RelayPlan {
    RelayPlan(catalog: catalog(own, dependencies: dependencies))
}

/// The plan for one file, `/s/P.swift`, holding `source`.
func plan(_ source: String) -> RelayPlan {
    plan(["/s/P.swift": source])
}

/// The relays of the plan's only conversation.
func relays(_ source: String) -> [String] {
    plan(source).conversations.flatMap { $0.relays.map(\.code) }
}

/// The plan's diagnostics as `line: severity: message`, for the file `/s/P.swift`.
func diagnostics(of plan: RelayPlan) -> [String] {
    plan.diagnostics.map { "\($0.line): \($0.severity.rawValue): \($0.message)" }
}

/// What swift's `#function` gives, and what the kit's own relays are named after: a check made
/// by the tests independently of the generator's `messageName`.
func functionName(_ base: String, _ labels: String...) -> String {
    base + "(" + labels.map { $0 + ":" }.joined() + ")"
}
