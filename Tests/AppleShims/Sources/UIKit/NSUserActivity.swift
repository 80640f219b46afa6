/// Stand-in for Foundation's `NSUserActivity` (absent from Foundation on Linux), which UIKit
/// re-exports: what a scene returns from `stateRestorationActivity(for:)` and finds again in
/// `UISceneSession.stateRestorationActivity`.
///
/// Apple: developer.apple.com/documentation/foundation/nsuseractivity.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, *)
open class NSUserActivity: NSObject {
    /// Stand-in for developer.apple.com/documentation/foundation/nsuseractivity/activitytype.
    open var activityType: String

    /// Stand-in for developer.apple.com/documentation/foundation/nsuseractivity/userinfo.
    open var userInfo: [AnyHashable: Any]?

    /// Stand-in for developer.apple.com/documentation/foundation/nsuseractivity/init(activitytype:).
    public init(activityType: String) {
        self.activityType = activityType
        super.init()
    }

    /// Stand-in for developer.apple.com/documentation/foundation/nsuseractivity/adduserinfoentries(from:).
    open func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        var merged = userInfo ?? [:]
        for (key, value) in otherDictionary { merged[key] = value }
        userInfo = merged
    }
}
