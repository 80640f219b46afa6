public import BCKit
import Dispatch

/// A public conversation with `InternalImportsByDefault` on, in a file that imports a module
/// plainly, so internally: the generated file keeps that import internal, where
/// `public import Dispatch` would warn that it is not used in public declarations.
public protocol PagerConversation: Conversation {
    /// The pager moved to the page at `index`.
    func pagerDidPage(to index: Int)
}
