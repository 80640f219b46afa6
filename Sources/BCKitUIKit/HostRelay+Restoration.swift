#if canImport(UIKit)
    public import BCKit
    public import UIKit

    extension HostRelay {
        /// The key under which the owner's saved state is kept in a restoration coder.
        static let savedStateKey = "BCKit.savedState"

        /// Writes the owner's saved state (``Owner/saveState()``, as bytes) into UIKit's
        /// restoration coder: call it from your view controller's `encodeRestorableState(with:)`.
        /// ``OwnerViewController`` does.
        ///
        /// ```swift
        /// override func encodeRestorableState(with coder: NSCoder) {
        ///     super.encodeRestorableState(with: coder)
        ///     relay.encodeRestorableState(with: coder)
        /// }
        /// ```
        ///
        /// UIKit preserves a view controller only when it has a `restorationIdentifier` (and so do
        /// its parents); it calls this when the app moves to the background.
        ///
        /// - Parameter coder: The coder UIKit handed to `encodeRestorableState(with:)`.
        public func encodeRestorableState(with coder: NSCoder) {
            coder.encode(Data(savedStateBytes()), forKey: Self.savedStateKey)
        }

        /// Restores the owner from what ``encodeRestorableState(with:)`` wrote: call it from your
        /// view controller's `decodeRestorableState(with:)`. ``OwnerViewController`` does.
        ///
        /// UIKit calls `decodeRestorableState(with:)` after it recreated the view controller, when
        /// its controllers are usually attached already: each gets its piece then (see
        /// ``Owner/restoreState(from:)``). Unreadable bytes restore nothing and are reported to the
        /// owner's diagnostics; a coder without saved state restores nothing.
        ///
        /// - Parameter coder: The coder UIKit handed to `decodeRestorableState(with:)`.
        public func decodeRestorableState(with coder: NSCoder) {
            guard coder.containsValue(forKey: Self.savedStateKey),
                let data = coder.decodeObject(of: NSData.self, forKey: Self.savedStateKey)
            else { return }
            restoreState(from: Data(referencing: data), report: "decodeRestorableState")
        }

        /// Adds the owner's saved state to a scene's restoration activity, under a key named after
        /// the owner, so one activity carries every screen of the scene. Call it from the scene
        /// delegate's `stateRestorationActivity(for:)` and return the activity:
        ///
        /// ```swift
        /// let activity = NSUserActivity(activityType: "com.example.composer")
        /// composer.relay.saveState(into: activity)
        /// ```
        ///
        /// Screens whose owners have one name (two pages of one kind, or storyboard screens, whose
        /// owners are named after their class) need keys of their own, ``saveState(into:key:)``:
        /// under one key, the later save replaces the earlier screen's state, and the activity
        /// cannot tell a screen still shown from one closed since.
        ///
        /// - Parameter activity: The activity the scene delegate returns from
        ///   `stateRestorationActivity(for:)`.
        public func saveState(into activity: NSUserActivity) {
            saveState(into: activity, key: owner.name)
        }

        /// Adds the owner's saved state to a scene's restoration activity under `key`, for a
        /// screen whose owner's name another screen of the scene shares: two pages of one kind,
        /// kept apart by what each shows.
        ///
        /// ```swift
        /// for page in goodsPages {
        ///     page.relay.saveState(into: activity, key: "GoodsDetail.\(page.goodsID)")
        /// }
        /// ```
        ///
        /// Restore with the same key (``restoreState(from:key:)``). A save under a key that another
        /// screen saved under in this activity replaces that screen's entry.
        ///
        /// - Parameters:
        ///   - activity: The activity the scene delegate returns from
        ///     `stateRestorationActivity(for:)`.
        ///   - key: The screen's key in the activity, stable across launches and unique in the
        ///     scene.
        public func saveState(into activity: NSUserActivity, key: String) {
            let entry = Self.activityEntry(key)
            activity.addUserInfoEntries(from: [entry: Data(savedStateBytes())])
        }

        /// Restores the owner from a scene's restoration activity, as ``saveState(into:)`` wrote it.
        ///
        /// Call it when the scene connects, with `session.stateRestorationActivity`, before the
        /// screen attaches its controllers when it can, so each has its piece before its
        /// `didAttach(to:)`:
        ///
        /// ```swift
        /// if let activity = session.stateRestorationActivity {
        ///     composer.relay.restoreState(from: activity)
        /// }
        /// ```
        ///
        /// - Parameter activity: The scene session's `stateRestorationActivity`.
        public func restoreState(from activity: NSUserActivity) {
            restoreState(from: activity, key: owner.name)
        }

        /// Restores the owner from what ``saveState(into:key:)`` wrote under `key` into a scene's
        /// restoration activity; an activity without that key restores nothing.
        ///
        /// - Parameters:
        ///   - activity: The scene session's `stateRestorationActivity`.
        ///   - key: The key the screen saved under.
        public func restoreState(from activity: NSUserActivity, key: String) {
            let entry = Self.activityEntry(key)
            guard let data = activity.userInfo?[entry] as? Data else { return }
            restoreState(from: data, report: "stateRestorationActivity")
        }

        /// The activity's entry for a screen's key, prefixed so it never meets the app's own
        /// `userInfo` entries.
        private static func activityEntry(_ key: String) -> String { "\(savedStateKey).\(key)" }
    }
#endif
