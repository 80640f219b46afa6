import BCKit
import CartKit
import Foundation

/// A public conversation in a target without `InternalImportsByDefault`, in a file that imports
/// the kit, another module and Foundation plainly: the generated file imports them plainly too,
/// since `public import Foundation` would warn that it is not used in public declarations.
public protocol GalleryConversation: Conversation {
    /// The gallery moved to the page at `index`.
    func galleryDidPage(to index: Int)
}
