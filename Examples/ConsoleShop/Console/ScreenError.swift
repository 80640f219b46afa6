/// Why a ``Screen`` could not do what the user asked.
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case unknownPart(String, screen: String, known: [String])
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// No business controller of the screen has this name.
    ///
    /// - Parameters:
    ///   - name: The name asked for.
    ///   - screen: The screen's name.
    ///   - known: The names the screen knows.
    public static func unknownPart(_ name: String, screen: String, known: [String]) -> Self {
        Self(.unknownPart(name, screen: screen, known: known))
    }

    /// What went wrong and what to do about it.
    public var description: String {
        switch code {
        case .unknownPart(let name, let screen, let known):
            "\(screen) has no controller named '\(name)'; use one of: \(known.joined(separator: ", "))."
        }
    }
}
