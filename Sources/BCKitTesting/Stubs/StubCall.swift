/// One call a ``StubController`` recorded: which method, with which arguments.
///
/// Swift on Linux has no message forwarding, so a test cannot see which method a controller
/// called on a conversation by intercepting it. A stub sees it instead: its method calls
/// ``StubController/record(_:function:)``, and the call shows up both in the stub's
/// ``StubController/calls`` and in the ``SentMessage`` the test owner recorded.
///
/// ```swift
/// StubCall(function: "add(goodsID:quantity:)", arguments: ["7", "2"]).description
/// // "add(goodsID: 7, quantity: 2)"
/// ```
public struct StubCall: Hashable, Sendable, CustomStringConvertible {
    /// The method as `#function` spells it, such as `add(goodsID:quantity:)`, or a property's name.
    public var function: String

    /// The arguments, each as `String(describing:)` prints it; strings are quoted.
    public var arguments: [String]

    /// Creates a call record.
    ///
    /// - Parameters:
    ///   - function: The method as `#function` spells it.
    ///   - arguments: The arguments' descriptions, in order.
    public init(function: String, arguments: [String]) {
        self.function = function
        self.arguments = arguments
    }

    /// The call as source code would read: `add(goodsID: 7, quantity: 2)`, `refresh()`, `title`.
    ///
    /// Arguments take the labels of ``function`` in order, so a stub may leave out trailing ones
    /// (such as a reply); with more arguments than labels, they are listed without labels.
    public var description: String {
        guard let open = function.firstIndex(of: "("), function.hasSuffix(")") else {
            return arguments.isEmpty ? function : "\(function)(\(arguments.joined(separator: ", ")))"
        }
        let name = function[..<open]
        let labels = function[function.index(after: open)..<function.index(before: function.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: false)
            .dropLast()
        guard arguments.count <= labels.count else {
            return "\(name)(\(arguments.joined(separator: ", ")))"
        }
        let parts = zip(labels, arguments).map { label, argument in
            label == "_" ? argument : "\(label): \(argument)"
        }
        return "\(name)(\(parts.joined(separator: ", ")))"
    }

    /// Describes one argument the way a reader of the test expects: strings quoted, the rest as
    /// `String(describing:)` prints them (so no module prefix on your own types).
    static func describe(_ argument: Any) -> String {
        if let string = argument as? String { return String(reflecting: string) }
        return String(describing: argument)
    }
}
