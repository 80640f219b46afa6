public import BCKit

/// One business controller a ``Screen`` made, with the name and priority it is attached under.
@MainActor
public struct ScreenPart {
    /// The short name the console uses, such as `Stock`.
    public let name: String
    /// The controller.
    public let controller: any BusinessController
    /// The priority it is attached with; higher comes first.
    public let priority: Int

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - name: The short name the console uses.
    ///   - controller: The controller.
    ///   - priority: The priority it is attached with.
    public init(name: String, controller: any BusinessController, priority: Int = 0) {
        self.name = name
        self.controller = controller
        self.priority = priority
    }

    /// A name reduced to what matters when matching: lower case, no dashes or underscores, no
    /// `controller` suffix.
    static func normalized(_ name: String) -> String {
        let letters = name.lowercased().filter { $0 != "-" && $0 != "_" }
        return letters.hasSuffix("controller") ? String(letters.dropLast("controller".count)) : letters
    }
}
