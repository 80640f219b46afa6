/// Stand-in for AppKit's `NSNib`, declared only for the name type `NSViewController`'s initializer
/// takes.
///
/// Apple: developer.apple.com/documentation/appkit/nsnib.
@available(macOS 10.3, *)
open class NSNib: NSObject {
    /// Stand-in for developer.apple.com/documentation/appkit/nsnib/name.
    public typealias Name = String
}
