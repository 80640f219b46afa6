#if canImport(AppKit)
    public import AppKit
    public import BCKit

    extension HostRelay {
        /// The key under which the owner's saved state is kept in a restoration coder.
        static let savedStateKey = "BCKit.savedState"

        /// Writes the owner's saved state (``Owner/saveState()``, as bytes) into AppKit's
        /// restoration coder: call it from your responder's `encodeRestorableState(with:)`.
        /// ``OwnerViewController`` does.
        ///
        /// ```swift
        /// override func encodeRestorableState(with coder: NSCoder) {
        ///     super.encodeRestorableState(with: coder)
        ///     relay.encodeRestorableState(with: coder)
        /// }
        /// ```
        ///
        /// AppKit saves a window's state when it was invalidated: call `invalidateRestorableState()`
        /// on the view controller when a controller's piece changes (a draft typed, an option
        /// picked), and AppKit calls `encodeRestorableState(with:)` soon after.
        ///
        /// - Parameter coder: The coder AppKit handed to `encodeRestorableState(with:)`.
        public func encodeRestorableState(with coder: NSCoder) {
            coder.encode(Data(savedStateBytes()), forKey: Self.savedStateKey)
        }

        /// Restores the owner from what ``encodeRestorableState(with:)`` wrote: call it from your
        /// responder's `restoreState(with:)`. ``OwnerViewController`` does.
        ///
        /// AppKit restores a window after the view controller was recreated, when its controllers
        /// are usually attached already: each gets its piece then (see
        /// ``Owner/restoreState(from:)``). Unreadable bytes restore nothing and are reported to the
        /// owner's diagnostics; a coder without saved state restores nothing.
        ///
        /// - Parameter coder: The coder AppKit handed to `restoreState(with:)`.
        public func restoreState(with coder: NSCoder) {
            guard coder.containsValue(forKey: Self.savedStateKey),
                let data = coder.decodeObject(of: NSData.self, forKey: Self.savedStateKey)
            else { return }
            restoreState(from: Data(referencing: data), report: "restoreState(with:)")
        }
    }
#endif
