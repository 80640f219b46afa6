public import BCKit
import Foundation

/// What `ConsoleHost --state FILE` keeps from one run to the next: the signed-in shopper, the
/// cart, the open screen's route and that screen's owner archive.
///
/// The app keeps what belongs to the app (who is signed in, the cart); the screen's controllers
/// keep their own pieces in the owner's ``SavedStateArchive``, which rides inside the document as
/// plain JSON. ``ShopApp/savedState()`` makes one and ``ShopApp/launch(restoring:)`` brings it
/// back.
///
/// ```swift
/// try app.savedState().write(to: "shop-state.json")
/// // … the next run:
/// try await app.launch(restoring: try ShopState.read(from: "shop-state.json"))
/// ```
///
/// The file is JSON with sorted keys, so one state always gives the same text:
///
/// ```json
/// {
///   "archive" : {
///     "pieces" : {
///       "AddToCartController" : 3
///     }
///   },
///   "cart" : [
///     {
///       "goods" : 42,
///       "units" : 3
///     }
///   ],
///   "route" : "shop://goods/detail/42",
///   "user" : "ada",
///   "version" : 1
/// }
/// ```
///
/// ## Versions
/// ``version`` says how the rest is laid out. A file of another version is refused
/// (``ShopStateError/unknownVersion(_:version:)``) before anything else in it is read: a layout
/// this build does not know is never half understood.
public struct ShopState: Codable, Hashable, Sendable {
    /// One article in the saved cart.
    public struct CartLine: Codable, Hashable, Sendable {
        /// The article number.
        public var goodsID: Int
        /// How many units of it the cart held.
        public var units: Int

        private enum CodingKeys: String, CodingKey {
            case goodsID = "goods"
            case units
        }

        /// Creates a line.
        ///
        /// - Parameters:
        ///   - goodsID: The article number.
        ///   - units: How many units the cart held.
        public init(goodsID: Int, units: Int) {
            self.goodsID = goodsID
            self.units = units
        }
    }

    /// The layout this build writes, and the only one it reads.
    public static let currentVersion = 1

    /// The layout of the document; ``currentVersion`` for every state this build makes.
    public let version: Int
    /// The signed-in shopper, or `nil` when signed out.
    public var user: String?
    /// The cart, by article number.
    public var cart: [CartLine]
    /// The URL of the screen that was open, or `nil` to open only the home screen.
    public var route: String?
    /// The owner archive of the screen at ``route``, or `nil` when no controller saved a piece.
    public var archive: SavedStateArchive?

    /// Creates a state of the current version.
    ///
    /// - Parameters:
    ///   - user: The signed-in shopper, or `nil`.
    ///   - cart: The cart's lines.
    ///   - route: The URL of the open screen, or `nil`.
    ///   - archive: The open screen's owner archive, or `nil`.
    public init(user: String? = nil, cart: [CartLine] = [], route: String? = nil, archive: SavedStateArchive? = nil) {
        version = Self.currentVersion
        self.user = user
        self.cart = cart
        self.route = route
        self.archive = archive
    }

    /// The first thing read from a file: its version, before the layout it decides.
    private struct Header: Decodable {
        let version: Int
    }

    /// Reads the state a run saved.
    ///
    /// - Parameter path: The file.
    /// - Returns: The state, or `nil` when there is no file yet: a first run.
    /// - Throws: ``ShopStateError/unreadable(_:reason:)`` when the file cannot be read or is not
    ///   a saved state, ``ShopStateError/unknownVersion(_:version:)`` when another layout wrote it.
    public static func read(from path: String) throws(ShopStateError) -> ShopState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path, reason: "it cannot be read (\(error.localizedDescription))")
        }
        let decoder = JSONDecoder()
        let version: Int
        do {
            version = try decoder.decode(Header.self, from: data).version
        } catch {
            throw .unreadable(path, reason: reason(for: error))
        }
        guard version == currentVersion else { throw .unknownVersion(path, version: version) }
        do {
            return try decoder.decode(ShopState.self, from: data)
        } catch {
            throw .unreadable(path, reason: reason(for: error))
        }
    }

    /// Writes the state, atomically: a run that ends while writing leaves the previous file whole.
    ///
    /// - Parameter path: The file; its folder must exist.
    /// - Throws: ``ShopStateError/notWritten(_:reason:)`` when the file cannot be written.
    public func write(to path: String) throws(ShopStateError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(self) + Data("\n".utf8)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .notWritten(path, reason: error.localizedDescription)
        }
    }

    /// A decoding error in a few words: what is wrong where, for a person who may edit the file.
    private static func reason(for error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "it is not JSON"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(place(context.codingPath)) is not what the shop writes (\(context.debugDescription))"
        @unknown default:
            return "\(error)"
        }
    }

    /// `"cart[0].units"`, or `the document` at the top.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the document" }
        let text = path.map { key in key.intValue.map { index in "[\(index)]" } ?? ".\(key.stringValue)" }.joined()
        return "\"\(text.hasPrefix(".") ? String(text.dropFirst()) : text)\""
    }
}
