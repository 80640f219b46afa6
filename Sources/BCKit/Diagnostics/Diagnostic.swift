/// A mistake the kit noticed at run time and reports instead of staying silent or crashing: a
/// message nobody handled, a send from a controller that is not attached, a request to the host
/// that nobody honored, one retained key kept from two call sites or by two senders, a gather's
/// reply released unanswered, a host callback the owner refused, or (from BCKitModules'
/// navigator) a route nobody knows, a URL a controller asked for that was refused, a guard's
/// success nobody reported or a guard's URL that did not open.
///
/// Debug builds report the conversation causes once per sender type, conversation, message and
/// cause, where a message that reached nobody and the same message that every receiver ignored
/// are two mistakes (a missing controller, a misspelled handler), each reported once. They go
/// through one hook: the owner's ``Owner/onDiagnostic``, inherited by nested owners, else the
/// app-wide ``handler``, which by default prints one line, like Xcode's runtime warnings:
///
/// ```text
/// BCKit: unhandled message: CartConversation.cartDidChange(count:) sent by AddToCartController in 'GoodsDetail' was ignored by BadgeController; each receiver left it to the default: did one misspell cartDidChange(count:), or is the controller that handles it not attached (or created lazily for another conversation)?
/// ```
///
/// What was reported once is remembered by the owner tree (the owner whose handler took it, or
/// the root for the app-wide handler), never by the process, so what a debug run prints does not
/// depend on what ran before it. A send from a controller that is not attached is reported to the
/// owner it was last attached to when its center knows it (one kept in a variable), else to the
/// test owner that held it under BCKitTesting, else to the app-wide handler each time: with no
/// owner tree, nothing remembers it.
///
/// Unhandled means: a relayed message (`center.cartDidChange(count:)`) that no receiver handled,
/// or a dispatch of an explicit form (`center.send((any CartConversation).self) { … }`) that
/// reached nobody. A message whose nobody-handles-it is normal is quiet: a relaying default says
/// so (``Message/quiet(_:)``), and every send through ``CommunicationCenter/quietly`` is. A
/// retained message that reached nobody waits for a controller to come, so it is reported when it
/// is dropped before any receiver had it: its owner torn down or prepared for reuse, or its
/// sender detached. A send through a torn-down owner, or from a controller its tear-down
/// detached, reaches nobody whatever its form, a retained message included (a torn-down owner
/// retains nothing): its hint says the owner is torn down rather than pointing at a controller to
/// attach, when the owner is known (a center kept from before the tear-down knows it; a center
/// the controller asks for afterwards does not, since its ``BusinessController/owner`` is `nil`).
/// When nobody in the sending owner speaks the conversation but a controller in an owner nested
/// in it, or in one it is nested in, does (attached, or registered lazily), the hint names that
/// controller and owner and the view that reaches it, `center.down` or `center.up`: a message
/// stays in the owner it is sent through.
///
/// Release builds look for none of the conversation causes and print nothing; host refusals and
/// guard URLs that did not open still reach an ``Owner/onDiagnostic`` or ``handler`` the app sets. Under BCKitTesting's `TestOwner`
/// diagnostics go to the test, not the console.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Why a diagnostic was reported.
    public struct Cause: Hashable, Sendable, CustomStringConvertible {
        @usableFromInline
        let name: String

        // Internal, not private: saved state (SavedState/Diagnostic+SavedState.swift) declares its
        // causes beside its code.
        init(_ name: String) {
            self.name = name
        }

        /// No receiver handled a message: nobody speaks its conversation, or every receiver left
        /// it to the default.
        public static let unhandledMessage = Cause("unhandled message")
        /// A controller sent a message while it was not attached, so nobody could receive it.
        public static let senderNotAttached = Cause("sender not attached")
        /// A controller asked the host for something (``HostServiceConversation``) and nobody
        /// provides host services.
        public static let unhonoredHostRequest = Cause("host request not honored")
        /// A controller asked the host for something nobody provides.
        @available(*, deprecated, renamed: "unhonoredHostRequest")
        public static var unhonouredHostRequest: Cause { unhonoredHostRequest }
        /// A receiver of a gather released the ``Reply`` it was handed without calling it: its
        /// answer is left out, and the gather completes without it. ``Diagnostic/ignoredBy`` names
        /// the receiver. Reported in debug builds.
        public static let droppedReply = Cause("reply dropped unanswered")
        /// Two call sites retained messages under the same conversation and key in one owner, so
        /// each replaces the other's.
        public static let retainedKeyCollision = Cause("retained key collision")
        /// The owner refused a host callback a ``HostRelay`` delivered (see ``HostDiagnostic``).
        public static let hostCallbackRefused = Cause("host callback refused")
        /// BCKitModules' navigator was asked for a URL no route matches, and has no unmatched
        /// handler to say so; ``Diagnostic/message`` is the URL's scheme and host. Reported once per
        /// navigator per scheme and host, in debug builds.
        public static let unknownRoute = Cause("unknown route")
        /// BCKitModules refused a URL a controller asked for with `navigate(to:)`: the URL is
        /// malformed, its route needs a query parameter it lacks (missing or misspelled) or one
        /// of its values has another type, or the module host has not launched (or its launch
        /// failed). Nothing opened, and the controller heard only a `declined` outcome, which it
        /// may discard. ``Diagnostic/message`` is the URL's scheme and host (the URL itself when
        /// it has none); the hint holds the refusal and what to write. Reported once per navigator,
        /// or per host before its navigator exists, per scheme and host, in debug builds.
        public static let refusedRoute = Cause("refused route")
        /// BCKitModules' navigator holds navigations on a guard whose condition holds, most likely
        /// because the guard's flow succeeded without calling `guardDidSucceed(_:)`: later
        /// navigations to it wait behind them rather than overtake them. ``Diagnostic/message`` is
        /// the guard's name. Reported once per navigator per guard per round of waiting, in debug
        /// builds.
        public static let unreportedGuardSuccess = Cause("guard success not reported")
        /// BCKitModules' navigator opened a guard's URL (its login screen) to start a round of
        /// waiting, and opening it threw: a handler that declined passed the URL on to a route
        /// that refuses it. Nothing opened, and the navigations held on the guard wait until the
        /// app ends the round itself. ``Diagnostic/message`` is the guard's name; the hint holds
        /// the error. Reported each time, in every build.
        public static let unopenedGuardURL = Cause("guard URL not opened")

        /// The cause's name.
        public var description: String { name }
    }

    /// Why it was reported.
    public let cause: Cause
    /// The owner's name, or `nil` when the sender had none.
    public let owner: String?
    /// The sending controller's type name, or `nil` for the host.
    public let sender: String?
    /// The conversation's name, when a conversation is concerned.
    public let conversation: String?
    /// The message's name, when it is known.
    public let message: String?
    /// The receivers that left the message to their default, in delivery order.
    public let ignoredBy: [String]
    /// What probably went wrong and what to do.
    public let hint: String
    /// The refused host callback, for ``Cause/hostCallbackRefused``.
    public let refusal: HostDiagnostic?

    /// Creates a diagnostic; the kit reports them, tests may build them.
    ///
    /// - Parameters:
    ///   - cause: Why it is reported.
    ///   - owner: The owner's name.
    ///   - sender: The sending controller's type name, or `nil` for the host.
    ///   - conversation: The conversation's name.
    ///   - message: The message's name.
    ///   - ignoredBy: The receivers that left the message to their default.
    ///   - hint: What probably went wrong.
    ///   - refusal: The refused host callback.
    public init(
        cause: Cause,
        owner: String?,
        sender: String? = nil,
        conversation: String? = nil,
        message: String? = nil,
        ignoredBy: [String] = [],
        hint: String,
        refusal: HostDiagnostic? = nil
    ) {
        self.cause = cause
        self.owner = owner
        self.sender = sender
        self.conversation = conversation
        self.message = message
        self.ignoredBy = ignoredBy
        self.hint = hint
        self.refusal = refusal
    }

    /// One line naming the cause, the conversation and message, the sender, the owner and the hint.
    public var description: String {
        var line = "\(cause)"
        switch (conversation, message) {
        case (let conversation?, let message?): line += ": \(conversation).\(message)"
        case (let conversation?, nil): line += ": \(conversation)"
        case (nil, let message?): line += ": \(message)"
        case (nil, nil): break
        }
        line += " sent by \(sender ?? "the host")"
        if let owner { line += " in '\(owner)'" }
        if !ignoredBy.isEmpty { line += " was ignored by \(ignoredBy.joined(separator: ", "))" }
        return line + "; " + hint
    }

    /// What a diagnostic is reported once for.
    struct Key: Hashable {
        let cause: Cause
        let sender: String?
        let conversation: String?
        let message: String?
        /// Whether receivers were reached and left it to their default, rather than none: two
        /// mistakes (a missing controller, a misspelled handler), so the report of a message that
        /// reached nobody does not hide the same message ignored later.
        let isIgnored: Bool
    }

    var key: Key {
        Key(cause: cause, sender: sender, conversation: conversation, message: message, isIgnored: !ignoredBy.isEmpty)
    }
}

// MARK: - The app-wide handler

extension Diagnostic {
    /// What receives a diagnostic.
    public typealias Handler = @MainActor (Diagnostic) -> Void

    /// The app-wide handler, for owners with no ``Owner/onDiagnostic`` of their own or inherited.
    ///
    /// Set it once, at app start, to send diagnostics to your logger, or to `nil` to silence them.
    /// In debug builds it prints each diagnostic on one line prefixed with `BCKit:`; in release
    /// builds it is `nil`.
    ///
    /// ```swift
    /// Diagnostic.handler = { logger.warning("\($0)") }
    /// ```
    @MainActor
    public static var handler: Handler? {
        get { appWide?.handle }
        set { appWide = newValue.map(AppWideHandler.init) }
    }

    /// The app-wide handler in a box of its own, made each time one is set: an owner tree's record
    /// of what it reported names the box it reported to, so a new handler hears everything
    /// afresh. The process keeps the handler and nothing else: no count, no record.
    @MainActor
    final class AppWideHandler {
        let handle: Handler

        init(_ handle: @escaping Handler) {
            self.handle = handle
        }
    }

    @MainActor
    static var appWide: AppWideHandler? = {
        #if DEBUG
            return AppWideHandler { print("BCKit: \($0)") }
        #else
            return nil
        #endif
    }()
}
