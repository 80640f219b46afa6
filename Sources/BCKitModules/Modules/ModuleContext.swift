/// What a module gets when it starts: its own information, the app's services and navigator.
public struct ModuleContext: Sendable {
    /// The starting module's information.
    public let info: ModuleInfo

    /// Every service the modules registered.
    public let services: ServiceRegistry

    /// Opens URLs across modules.
    public let navigator: Navigator
}
