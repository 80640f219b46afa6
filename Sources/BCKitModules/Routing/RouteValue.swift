public import Foundation

/// A value a route parameter can hold: `String`, `Int`, `Double`, `Bool` or `UUID`.
///
/// Read typed parameters with ``RouteParameters/value(_:as:)`` and pass them to reverse routing
/// with ``Router/url(named:parameters:)``:
///
/// ```swift
/// let id = match.parameters.value("id", as: Int.self)
/// ```
///
/// The conforming types are exactly the ones a pattern can declare (see ``RoutePattern``); the
/// text forms are strict so that one URL segment never parses as two different types by
/// accident: `Bool` accepts only `true` and `false`, `Double` only finite numbers.
public protocol RouteValue: Sendable {
    /// Parses the decoded text of a URL segment or query value.
    ///
    /// - Parameter routeText: The percent-decoded text.
    init?(routeText: String)

    /// The text this value takes in a URL, before percent-encoding.
    var routeText: String { get }
}

extension String: RouteValue {
    /// Any text is a string parameter.
    ///
    /// - Parameter routeText: The percent-decoded text.
    public init?(routeText: String) { self = routeText }

    /// The string itself.
    public var routeText: String { self }
}

extension Int: RouteValue {
    /// Parses a decimal integer such as `42` or `-7`.
    ///
    /// - Parameter routeText: The percent-decoded text.
    public init?(routeText: String) { self.init(routeText, radix: 10) }

    /// The decimal form.
    public var routeText: String { String(self) }
}

extension Double: RouteValue {
    /// Parses a finite number such as `4.5` or `1e3`; `nan` and `inf` are refused.
    ///
    /// - Parameter routeText: The percent-decoded text.
    public init?(routeText: String) {
        guard let value = Double(routeText), value.isFinite else { return nil }
        self = value
    }

    /// The shortest text that reads back as the same number.
    public var routeText: String { String(self) }
}

extension Bool: RouteValue {
    /// Parses exactly `true` or `false`.
    ///
    /// - Parameter routeText: The percent-decoded text.
    public init?(routeText: String) {
        switch routeText {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }

    /// `true` or `false`.
    public var routeText: String { self ? "true" : "false" }
}

extension UUID: RouteValue {
    /// Parses the standard 36-character form, in either case.
    ///
    /// - Parameter routeText: The percent-decoded text.
    public init?(routeText: String) { self.init(uuidString: routeText) }

    /// The standard upper-case form.
    public var routeText: String { uuidString }
}
