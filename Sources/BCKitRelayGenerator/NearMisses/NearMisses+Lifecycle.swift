extension NearMisses {
    /// The warning for a business controller's method that nearly matches one of its lifecycle
    /// callbacks, or carries the name of the view-controller callback the kit's replaces. Called
    /// only for a method that matches no requirement exactly. An `override` is left alone: its
    /// superclass, which the generator may not read, declares it, so something calls it. So is a
    /// method pointing at a callback in `handled`, the full names of the members of the type and
    /// its superclasses: beside the callback, it is an overload or a helper, not a miss.
    static func lifecycleWarning(
        for member: MemberDeclaration,
        of type: TypeDeclaration,
        handled: Set<String>
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride else { return nil }
        let protocolName = LifecycleCallbacks.protocolName
        let message: String
        if let callback = LifecycleCallbacks.hostNames[member.name] {
            guard !handled.contains(callback) else { return nil }
            message =
                "method `\(member.fullName)` is a view controller's callback, which `\(protocolName)` names "
                + "`\(callback)`, so the kit never calls it on `\(type.name)`: declare it "
                + "`\(LifecycleCallbacks.declaration(of: callback))`, or mark it `/// - NotAMessage` if it is not "
                + "meant as that callback"
        } else {
            var best: (distance: Int, name: String)?
            for callback in LifecycleCallbacks.callbacks {
                if handled.contains(callback.name) {
                    if callback.base == member.name { return nil }
                    continue
                }
                let distance =
                    callback.base == member.name
                    ? 0 : EditDistance.between(callback.base, member.name, limit: EditDistance.limit)
                guard let distance else { continue }
                if best.map({ (distance, callback.name) < ($0.distance, $0.name) }) ?? true {
                    best = (distance, callback.name)
                }
            }
            guard let best else { return nil }
            message =
                "method `\(member.fullName)` nearly matches `\(best.name)` of `\(protocolName)`, which "
                + "`\(type.name)` conforms to, so the kit never calls it: declare it "
                + "`\(LifecycleCallbacks.declaration(of: best.name))`, or mark it `/// - NotAMessage` if the "
                + "likeness is deliberate"
        }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine, message: message,
            conditions: member.conditions)
    }

    /// The warning for a business controller's method named exactly like one of its lifecycle
    /// callbacks whose signature surely differs (``SignatureMismatch``): an added `async` or
    /// `throws`, an `Owner?` for an `Owner`, a result. It is not the callback's witness, so the
    /// kit calls the empty default instead. An `override`, and an overload beside a method that is
    /// the callback, are left alone.
    static func callbackMismatch(
        of member: MemberDeclaration,
        of type: TypeDeclaration,
        catalog: Catalog
    ) -> GeneratorDiagnostic? {
        guard member.kind == .function, !member.isOverride,
            let callback = LifecycleCallbacks.callbackRequirements.first(where: { $0.messageName == member.fullName }),
            let mismatch = SignatureMismatch(
                member: member, requirement: callback,
                names: catalog.typeNames.declaring([LifecycleCallbacks.ownerType]), noun: "the callback"),
            !hasSibling(of: member, in: type, satisfying: callback, catalog: catalog)
        else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "method `\(member.fullName)` has the name of `\(callback.messageName)` of "
                + "`\(LifecycleCallbacks.protocolName)`, which `\(type.name)` conforms to, but not its signature ("
                + mismatch.differences.joined(separator: "; ") + "), so the kit never calls it: declare it "
                + "`\(LifecycleCallbacks.declaration(of: callback.messageName))`, or mark it `/// - NotAMessage` if "
                + "it is not meant as that callback",
            conditions: member.conditions)
    }

    /// The warning for a business controller's stored `owner` property that is neither `weak` nor
    /// `unowned`: the owner holds its controllers, so the two would keep each other alive.
    static func strongOwner(_ member: MemberDeclaration, of type: TypeDeclaration) -> GeneratorDiagnostic? {
        guard member.kind == .property, member.name == LifecycleCallbacks.ownerProperty, member.isStored,
            !member.isReferenceWeak
        else { return nil }
        return GeneratorDiagnostic(
            severity: .warning, file: type.file, line: member.nameLine,
            message: "property `owner` of `\(type.name)` is a strong reference, and the owner holds its "
                + "controllers, so each keeps the other alive: a screen dropped without `tearDown()` is never "
                + "freed; declare it `weak var owner: Owner?`",
            conditions: member.conditions)
    }
}
