extension NearMisses {
    /// The warning for a business controller's method that carries the name of the view-controller
    /// callback the kit's replaces, or nearly matches one of its lifecycle callbacks
    /// (``nearMiss(of:of:handled:in:)``). Called only for a method that matches no requirement
    /// exactly; an `override`, and a method beside the callback it points at (in `handled`), are
    /// left alone.
    static func lifecycleWarning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        handled: Set<String>
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride else { return nil }
        guard let callback = LifecycleCallbacks.hostNames[member.name] else {
            return nearMiss(of: member, of: type, handled: handled, in: LifecycleCallbacks.kitProtocol)
        }
        guard !handled.contains(callback) else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` is a view controller's callback, which "
                + "`\(LifecycleCallbacks.protocolName)` names `\(callback)`, so the kit never calls it on "
                + "`\(type.name)`: declare it `\(LifecycleCallbacks.declaration(of: callback))`, or mark it "
                + "`/// - NotAMessage` if it is not meant as that callback",
            conditions: member.conditions)
    }

    /// The warning for a business controller's stored `owner` property that is not `weak`. A
    /// strong one and the owner, which holds its controllers, keep each other alive. An `unowned`
    /// one outlives the owner it names when a screen is dropped without a tear-down while
    /// something still holds the controller (a closure, a cell), and the controller's next
    /// `center` then reads a freed owner: a trap, or with `unowned(unsafe)`, freed memory.
    static func ownerReferenceWarning(_ member: MemberDeclaration, of type: TypeDeclaration) -> GeneratorDiagnostic? {
        guard member.kind == .property, member.name == LifecycleCallbacks.ownerProperty, member.isStored else {
            return nil
        }
        let problem: String
        switch member.reference {
        case .weak:
            return nil
        case .strong:
            problem =
                "is a strong reference, and the owner holds its controllers, so each keeps the other alive: a "
                + "screen dropped without `tearDown()` is never freed"
        case .unowned:
            problem =
                "is `unowned`: a screen dropped without `tearDown()` while something still holds the controller "
                + "(a closure, a cell) leaves it naming a freed owner, and its next `center` crashes"
        }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "property `owner` of `\(type.name)` \(problem); declare it `weak var owner: Owner?`",
            conditions: member.conditions)
    }
}
