@_exported public import Foundation

// Stand-in: UIKit re-exports Foundation, whose CGSize, CGRect, NSCoder and Bundle the adapters use.

/// Stand-in for UIKit's `UIResponder`, the root of `UIView` and `UIViewController`.
///
/// Apple: developer.apple.com/documentation/uikit/uiresponder.
@available(iOS 2.0, tvOS 9.0, *)
@MainActor
open class UIResponder: NSObject {
    /// Stand-in for developer.apple.com/documentation/objectivec/nsobject/1418641-init.
    public override init() {
        super.init()
    }
}
