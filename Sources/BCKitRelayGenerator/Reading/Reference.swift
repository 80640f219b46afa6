/// How a stored property holds the object it refers to, as its modifiers write it.
enum Reference: Equatable {
    /// Keeps the object alive.
    case strong
    /// Does not keep it, and reads `nil` once it is gone.
    case weak
    /// Does not keep it, and traps (or, `unowned(unsafe)`, reads freed memory) once it is gone.
    case unowned

    /// The reference the modifiers of a declaration write.
    init(modifiers: [String]) {
        if modifiers.contains("weak") {
            self = .weak
        } else if modifiers.contains(where: { $0.hasPrefix("unowned") }) {
            self = .unowned
        } else {
            self = .strong
        }
    }
}
