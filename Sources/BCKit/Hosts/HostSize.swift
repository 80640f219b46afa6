/// A host's content size in points, independent of any UI framework's geometry types.
///
/// ```swift
/// relay.sizeWillChange(to: HostSize(width: 390, height: 844))
/// ```
public struct HostSize: Hashable, Sendable, CustomStringConvertible {
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// Creates a size.
    ///
    /// - Parameters:
    ///   - width: The width, in points.
    ///   - height: The height, in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Whether the content is wider than it is tall.
    public var isLandscape: Bool { width > height }

    /// The size as `WIDTHxHEIGHT`, such as `390.0x844.0`.
    public var description: String { "\(width)x\(height)" }
}
