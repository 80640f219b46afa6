/// The one defaulted requirement of the kit's `RestorableController`, the key a controller's
/// piece of saved state is kept under, written here as data for the reason ``LifecycleCallbacks``
/// is. Its default is the type's name, so a key misspelled or declared with another type compiles,
/// and the piece is saved under the type's name instead: renaming the type then loses it. A test
/// reads the kit's declaration and fails when the two part ways.
enum SavedStateKey {
    /// The name of the protocol of controllers that save a piece of state.
    static let protocolName = "RestorableController"

    /// The module that declares it, which qualifies its name.
    static let moduleName = "BCKit"

    /// The requirement's name.
    static let property = "savedStateKey"

    /// Its declaration, as a controller writes it to implement it.
    static let declaration = "var savedStateKey: String"

    /// Whether a reference names the protocol: `RestorableController` or `BCKit.RestorableController`.
    static func isProtocol(_ reference: String) -> Bool {
        reference == protocolName || reference == "\(moduleName).\(protocolName)"
    }
}
