import BCKit

/// A package conversation in a target without `InternalImportsByDefault`, in a file that imports
/// BCKit plainly: the generated file imports it at `package` level only where that feature is on.
package protocol ShelfConversation: Conversation {
    /// The shelf was restocked.
    func shelfWasRestocked()
}
