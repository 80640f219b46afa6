/// The requirements of the kit's `BusinessController`, written here as data because the generator
/// does not always read the kit's sources: Xcode passes a target no dependency's files, and a
/// package may depend on a binary kit. A test reads the kit's declaration and fails when the two
/// part ways.
enum LifecycleCallbacks {
    /// The name of the protocol every business controller conforms to.
    static let protocolName = "BusinessController"

    /// The kit's type that holds controllers, which is a business controller itself (a nested
    /// owner) and keeps its own `owner` as it sees fit.
    static let ownerType = "Owner"

    /// The name of the one requirement without a default: the controller's back reference.
    static let ownerProperty = "owner"

    /// The protocol's requirements: each full name, as `#function` gives it, with the declaration
    /// a controller writes to implement it.
    static let requirements: [(name: String, declaration: String)] = [
        ("owner", "var owner: Owner? { get set }"),
        ("didAttach(to:)", "func didAttach(to owner: Owner)"),
        ("ownerDidLoad()", "func ownerDidLoad()"),
        ("ownerWillAppear()", "func ownerWillAppear()"),
        ("ownerDidAppear()", "func ownerDidAppear()"),
        ("ownerWillDisappear()", "func ownerWillDisappear()"),
        ("ownerDidDisappear()", "func ownerDidDisappear()"),
        ("ownerWillReuse()", "func ownerWillReuse()"),
        ("willDetach(from:)", "func willDetach(from owner: Owner)"),
    ]

    /// The base names of UIKit's and AppKit's view-controller callbacks a migrating team pastes,
    /// with the kit callback that takes their place.
    static let hostNames: [String: String] = [
        "viewDidLoad": "ownerDidLoad()",
        "viewWillAppear": "ownerWillAppear()",
        "viewDidAppear": "ownerDidAppear()",
        "viewWillDisappear": "ownerWillDisappear()",
        "viewDidDisappear": "ownerDidDisappear()",
        "prepareForReuse": "ownerWillReuse()",
    ]

    /// The callbacks, the methods among the requirements: base name, full name and declaration.
    static let callbacks: [(base: String, name: String, declaration: String)] = requirements.compactMap {
        guard let open = $0.name.firstIndex(of: "(") else { return nil }
        return (String($0.name[..<open]), $0.name, $0.declaration)
    }

    /// The callbacks, for the near-miss checks.
    static let kitProtocol = KitProtocol(
        name: protocolName, noun: "callback", declarations: callbacks.map { ($0.name, $0.declaration) },
        kitTypes: [ownerType])

    /// The declaration of the callback with this full name.
    static func declaration(of name: String) -> String {
        requirements.first { $0.name == name }?.declaration ?? name
    }

    /// Whether a reference names the protocol: `BusinessController` or `BCKit.BusinessController`.
    static func isProtocol(_ reference: String) -> Bool {
        reference == protocolName || reference == "BCKit.\(protocolName)"
    }

    /// Whether a reference names a kit protocol that refines `BusinessController`, or that protocol
    /// itself: a protocol refining one describes controllers.
    static func isControllerProtocol(_ reference: String) -> Bool {
        isProtocol(reference) || SavedStateKey.isProtocol(reference)
    }

    /// Whether a type name is the kit's `Owner`.
    static func isOwner(_ name: String) -> Bool {
        name == ownerType || name == "BCKit.\(ownerType)"
    }
}
