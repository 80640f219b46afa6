/// Why a conversation's member cannot be relayed as declared, worded as what to write instead.
///
/// Each message is the text of a build error at the member's line. Most refusals leave the member
/// without a generated relaying default; a retained name taken twice keeps both relays, since
/// each compiles, and fails the build by its error alone.
struct Refusal: Error, Equatable {
    private enum Code: Equatable {
        case unreadable
        case unsupportedMember
        case modifier
        case inoutParameter
        case variadic
        case result
        case typedThrows
        case rethrowing
        case asyncThrowing
        case effectfulQuestion
        case retainedNotPlain
        case retainedClosure
        case retainedNameTaken
        case settableProperty
        case effectfulProperty
        case nonOptionalProperty
        case operatorRequirement
        case unforwardableParameter
        case selfType
        case centersOwnName
        case messageOfAnother
    }

    private let code: Code
    /// What went wrong and what to write instead.
    let message: String

    private init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    private static func handWritten(_ conversation: String) -> String {
        "or declare `\(conversation)` by hand (its relaying defaults and "
            + "`extension CommunicationCenter: \(conversation) {}`)"
    }

    static func unreadable(_ what: String, conversation: String) -> Refusal {
        Refusal(
            .unreadable,
            "BCKit's relay plugin cannot read this member of `\(conversation)` (it met \(what)): write a message as "
                + "`func name(label: Type)`, a question as `func name() -> Type?` or `var name: Type? { get }`, "
                + handWritten(conversation))
    }

    static func unsupportedMember(_ keyword: String, conversation: String) -> Refusal {
        let what =
            switch keyword {
            case "associatedtype":
                "a conversation cannot have an associated type: senders reach it as `any \(conversation)`; "
                    + "use a concrete type"
            case "subscript":
                "a subscript cannot be a message: write a question such as `func value(for key: Key) -> Value?`"
            case "init": "an initializer cannot be a message: conformers are controllers the owner already holds"
            default: "a `\(keyword)` cannot be a message: write a method"
            }
        return Refusal(.unsupportedMember, what + ", " + handWritten(conversation))
    }

    static func operatorRequirement(_ name: String) -> Refusal {
        Refusal(
            .operatorRequirement,
            "operator `\(name)` cannot be a message: the center relays a call to controllers by a method's name, "
                + "and an operator is called on its operands: write a method instead, such as "
                + "`func name(label: Type)`, or a question `func name(label: Type) -> Type?`")
    }

    static func modifier(_ modifier: String) -> Refusal {
        Refusal(
            .modifier,
            "a message cannot be `\(modifier)`: messages go to controller instances on the main actor; "
                + "remove `\(modifier)`")
    }

    static func inoutParameter(_ name: String) -> Refusal {
        Refusal(
            .inoutParameter,
            "`inout` parameter `\(name)` cannot be relayed: every receiver would change it in turn; "
                + "return the new value as a question (`-> T?`) instead")
    }

    static func variadic(_ name: String, type: String) -> Refusal {
        let element = type.hasSuffix("...") ? String(type.dropLast(3)) : type
        return Refusal(
            .variadic,
            "variadic parameter `\(name)` cannot be forwarded to each receiver: take an array, `\(name): [\(element)]`")
    }

    /// A parameter whose specifier or attribute the relay cannot forward to each receiver in turn.
    ///
    /// - Parameters:
    ///   - name: The parameter's name, or its label.
    ///   - specifier: What is written on it: `@autoclosure`, `repeat each`, `consuming`, `sending`
    ///     or `isolated`.
    ///   - type: Its type as written, the specifier included.
    static func unforwardableParameter(_ name: String, specifier: String, type: String) -> Refusal {
        let plain = type.replacing(specifier, with: "").trimming([" "])
        let closure = plain.replacing("@escaping", with: "").trimming([" "])
        let why: String
        let instead: String
        switch specifier {
        case "@autoclosure":
            let result = closure.hasPrefix("()") ? String(closure.dropFirst(2)).trimming([" "]) : closure
            let value = result.hasPrefix("->") ? String(result.dropFirst(2)).trimming([" "]) : result
            why = "the relay would pass on a closure where each receiver expects the value"
            instead = "take the value, `\(name): \(value)`, or a closure, `\(name): @escaping \(closure)`"
        case "repeat each":
            why = "the relay cannot forward a pack it does not expand"
            instead = "take an array of one element type, or one parameter per value"
        case "consuming":
            why = "each receiver would consume the one value in turn"
            instead = "remove `consuming`, so each receiver borrows it: `\(name): \(plain)`"
        case "sending":
            why = "the one value would be sent to each receiver in turn"
            instead = "remove `sending`: messages stay on the main actor, so `\(name): \(plain)` need not be sent"
        default:
            why = "messages run on the main actor, not on a parameter's actor"
            instead = "remove `\(specifier)`, and call the actor from the handler: `\(name): \(plain)`"
        }
        return Refusal(
            .unforwardableParameter,
            "`\(specifier)` parameter `\(name)` cannot be forwarded to each receiver: \(why); \(instead)")
    }

    static func selfType(conversation: String) -> Refusal {
        Refusal(
            .selfType,
            "a message cannot use `Self`: the center relays it to receivers of type `any \(conversation)`, which "
                + "are of no one concrete type; write `any \(conversation)` (`-> (any \(conversation))?` for an "
                + "answer) or a concrete type")
    }

    /// - Parameter explicitly: The explicit call on the center that collects every answer.
    static func result(_ type: String, explicitly: String) -> Refusal {
        Refusal(
            .result,
            "a message returns nothing, or an Optional for the first answer: write `-> \(Relay.optional(type))`; "
                + "to collect every answer, ask explicitly with `\(explicitly)`")
    }

    /// - Parameter explicitly: The explicit call on the center that calls every receiver.
    static func typedThrows(_ clause: String, explicitly: String) -> Refusal {
        Refusal(
            .typedThrows,
            "`\(clause)` has no one-call relay: write untyped `throws` (receivers' errors come back together), "
                + "or call every receiver explicitly with `\(explicitly)`")
    }

    static let rethrowing = Refusal(
        .rethrowing, "a `rethrows` message cannot be relayed: write `throws` and take an escaping closure")

    /// - Parameter explicitly: The explicit call on the center that gives back each receiver's outcome.
    static func asyncThrowing(explicitly: String) -> Refusal {
        Refusal(
            .asyncThrowing,
            "an `async throws` message has no one-call relay: make it `async` or `throws`, not both, "
                + "or collect each receiver's outcome explicitly with `\(explicitly)`")
    }

    /// - Parameter explicitly: The explicit call on the center that asks every receiver.
    static func effectfulQuestion(explicitly: String) -> Refusal {
        Refusal(
            .effectfulQuestion,
            "a question (an Optional result) cannot also be `async` or `throws` in one call: drop the effect, "
                + "or ask every receiver explicitly with `\(explicitly)` and take the first answer that is not `nil`")
    }

    static let retainedNotPlain = Refusal(
        .retainedNotPlain,
        "only a plain message is retained (no result, not `async`, not `throws`): remove `/// - Retained`, "
            + "or make the message plain")

    static func retainedClosure(_ name: String) -> Refusal {
        Refusal(
            .retainedClosure,
            "a retained message keeps its arguments for controllers attached later, but closure `\(name)` is not "
                + "`@escaping`: mark it `@escaping`, or remove `/// - Retained`")
    }

    static func retainedNameTaken(_ name: String, by earlier: Requirement) -> Refusal {
        let parameters = earlier.parameters.map { parameter in
            let label = parameter.label ?? "_"
            let name = parameter.name ?? "_"
            return (label == name ? name : "\(label) \(name)") + ": \(parameter.type)"
        }
        return Refusal(
            .retainedNameTaken,
            "a retained message is kept by its name, and `\(name)` also names the retained "
                + "`func \(earlier.name)(\(parameters.joined(separator: ", ")))` on line \(earlier.line): a controller "
                + "attached later would get only the one sent last. Rename one of them (or change an argument "
                + "label), or remove `/// - Retained` from one")
    }

    static func settableProperty(_ name: String, type: String) -> Refusal {
        let optional = Relay.optional(type)
        return Refusal(
            .settableProperty,
            "a settable property cannot be a message: declare `var \(name): \(optional) { get }` and send a change "
                + "as a message such as `func \(Token.unquoted(name))DidChange(_ \(name): \(type))`")
    }

    static let effectfulProperty = Refusal(
        .effectfulProperty, "an `async` or `throws` property has no one-call relay: write a method instead")

    static func nonOptionalProperty(_ name: String, type: String) -> Refusal {
        Refusal(
            .nonOptionalProperty,
            "a property message is a question answered by the first receiver that knows, so it is Optional: "
                + "write `var \(name): \(Relay.optional(type)) { get }`")
    }

    /// - Parameter source: Where the center gets its member: `CommunicationCenter` itself, a
    ///   protocol it conforms to, or a place in the user's sources.
    static func centersOwnName(_ name: String, source: String) -> Refusal {
        let owner = source == Catalog.center ? "`\(Catalog.center)`'s own" : "the `\(Catalog.center)` member"
        let origin = source == Catalog.center ? "" : " (from \(source))"
        return Refusal(
            .centersOwnName,
            "`\(name)` is \(owner) `\(name)`\(origin), which takes every call on the center, so its relay "
                + "could never reach a controller: rename the message")
    }

    /// - Parameter place: Where the other conversation declares the message, such as `Sheet.swift:3`.
    static func messageOfAnother(_ name: String, conversation: String, place: String) -> Refusal {
        Refusal(
            .messageOfAnother,
            "`\(name)` is also a message of `\(conversation)` (\(place)), and the center, which speaks both, "
                + "can relay only one `\(name)`: rename one of them")
    }
}
