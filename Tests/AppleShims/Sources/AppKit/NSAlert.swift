/// Stand-in for AppKit's `NSAlert`: its texts and buttons, and where it was shown.
///
/// Apple: developer.apple.com/documentation/appkit/nsalert.
@available(macOS 10.3, *)
@MainActor
open class NSAlert: NSObject {
    /// Stand-in only: every alert shown so far, as a sheet or modally, oldest first.
    public static var shown: [NSAlert] = []

    /// Stand-in only: the window it was shown on as a sheet, or `nil` when run modally.
    public private(set) weak var sheetWindow: NSWindow?

    private var storedButtons: [NSButton] = []

    /// Stand-in for developer.apple.com/documentation/appkit/nsalert/messagetext.
    open var messageText = ""

    /// Stand-in for developer.apple.com/documentation/appkit/nsalert/informativetext.
    open var informativeText = ""

    /// Stand-in for developer.apple.com/documentation/appkit/nsalert/buttons.
    open var buttons: [NSButton] { storedButtons }

    /// Stand-in for developer.apple.com/documentation/appkit/nsalert/addbutton(withtitle:).
    open func addButton(withTitle title: String) -> NSButton {
        let button = NSButton(frame: .zero)
        button.title = title
        storedButtons.append(button)
        return button
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsalert/beginsheetmodal(for:completionhandler:).
    @available(macOS 10.9, *)
    open func beginSheetModal(
        for sheetWindow: NSWindow,
        completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {
        self.sheetWindow = sheetWindow
        Self.shown.append(self)
    }

    /// Stand-in for developer.apple.com/documentation/appkit/nsalert/runmodal().
    open func runModal() -> NSApplication.ModalResponse {
        Self.shown.append(self)
        return .alertFirstButtonReturn
    }
}
