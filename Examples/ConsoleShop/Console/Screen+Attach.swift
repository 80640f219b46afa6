import BCKit

extension Screen {
    /// Attaches every part to the owner; a fresh owner refusing one is a bug in the screen.
    func attachParts() {
        for part in parts {
            do {
                try owner.attach(part.controller, priority: part.priority)
            } catch {
                preconditionFailure("\(owner.name) could not attach \(part.name) to a fresh owner: \(error)")
            }
        }
    }
}
