/// The full names of the members `CommunicationCenter` has in the kit, written here as data
/// because the generator does not always read the kit's sources (Xcode passes a target no
/// dependency's files, and a package may depend on a binary kit). A test reads the kit's files
/// and fails when the two part ways.
///
/// A message whose full name and signature are one of these members' never reaches a controller:
/// the center's own member witnesses the requirement and takes every call,
/// `owner.center.dismiss()` and `(owner.center as any SheetConversation).dismiss()` alike. The same
/// base name with other labels, or other parameter or result types, is an overload, which the
/// center does not witness, so its relay is written as usual. A property message of one of these
/// names is refused whatever its type: two properties of one name make every read ambiguous.
enum CenterMembers {
    /// Each full name, as `#function` gives it, with where the center gets it: `CommunicationCenter`
    /// for a member the center declares, or the protocol whose requirement or extension supplies it.
    static let names: [String: String] = [
        // The center's own API: sending, asking, retaining, gathering, and its views.
        "all(_:scope:_:)": center, "all(_:scope:concurrently:_:)": center, "first(_:scope:_:)": center,
        "gather(_:scope:_:completion:)": center, "prepare(_:)": center, "reduce(_:scope:into:_:)": center,
        "send(_:_:)": center, "send(_:scope:_:)": center, "send(_:scope:concurrently:_:)": center,
        "sendRetained(_:message:fileID:line:_:)": center, "down": center, "others": center, "owner": center,
        "quietly": center, "up": center,
        // The relays every conversation's defaults call.
        "forward(_:message:_:)": center, "forwardRetained(_:message:_:)": center,
        "relay(_:message:_:)": "Conversation", "relay(_:as:_:)": "Conversation",
        "relayRetained(_:message:_:)": "Conversation", "relayRetained(_:as:_:)": "Conversation",
        // The host services and events the center speaks.
        "dismiss()": center, "fill(_:with:)": center, "navigate(to:)": center, "present(_:)": center,
        "showAlert(_:)": center, "hostDidEnterBackground()": "HostEventConversation",
        "hostDidReceiveMemoryWarning()": "HostEventConversation", "hostSizeWillChange(to:)": "HostEventConversation",
        "hostTraitsDidChange(_:)": "HostEventConversation", "hostWillEnterForeground()": "HostEventConversation",
    ]

    private static let center = Catalog.center

    /// The center's members a function message can match in full, as declared: the requirements of
    /// the host protocols it conforms to. The rest of its functions are generic over the
    /// conversation, which no message's plain types can be.
    static let declarations: [String] = [
        "func fill(_ slot: String, with view: AnyObject)", "func navigate(to route: String) -> HostNavigationOutcome",
        "func present(_ screen: AnyObject)", "func dismiss()", "func showAlert(_ alert: HostAlert)",
        "func hostDidReceiveMemoryWarning()", "func hostDidEnterBackground()", "func hostWillEnterForeground()",
        "func hostSizeWillChange(to size: HostSize)", "func hostTraitsDidChange(_ traits: HostTraits)",
    ]

    /// ``declarations``, read as a protocol's requirements, by full name.
    static let signatures: [String: Requirement] = {
        let source = "protocol Center {\n" + declarations.joined(separator: "\n") + "\n}"
        let read =
            DeclarationReader.read(file: "CommunicationCenter", source: source).protocols.first?.requirements ?? []
        return Dictionary(read.map { ($0.messageName, $0) }, uniquingKeysWith: { first, _ in first })
    }()

    /// Where the center gets a member with this full name, or `nil` when it has none.
    static func source(of fullName: String) -> String? {
        names[fullName]
    }
}
