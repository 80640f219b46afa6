/// The traits a host's content is shown with, independent of any UI framework's trait types.
///
/// ```swift
/// relay.traitsDidChange(HostTraits(horizontalSizeClass: .compact, appearance: .dark))
/// ```
public struct HostTraits: Hashable, Sendable, CustomStringConvertible {
    /// How much room there is along one axis: compact (a phone's width in portrait) or regular.
    public struct SizeClass: Hashable, Sendable, CustomStringConvertible {
        /// The host did not say.
        public static let unspecified = SizeClass(description: "unspecified")
        /// Constrained room, such as a phone's width in portrait.
        public static let compact = SizeClass(description: "compact")
        /// Ample room, such as an iPad's full screen.
        public static let regular = SizeClass(description: "regular")

        /// The size class's name.
        public let description: String
    }

    /// Whether content is shown light or dark.
    public struct Appearance: Hashable, Sendable, CustomStringConvertible {
        /// The host did not say.
        public static let unspecified = Appearance(description: "unspecified")
        /// Light appearance.
        public static let light = Appearance(description: "light")
        /// Dark appearance.
        public static let dark = Appearance(description: "dark")

        /// The appearance's name.
        public let description: String
    }

    /// The room along the horizontal axis.
    public var horizontalSizeClass: SizeClass
    /// The room along the vertical axis.
    public var verticalSizeClass: SizeClass
    /// Light or dark.
    public var appearance: Appearance
    /// Pixels per point, such as `3` on most phones; `0` when the host did not say.
    public var displayScale: Double

    /// Creates traits; what is not given is unspecified.
    ///
    /// - Parameters:
    ///   - horizontalSizeClass: The room along the horizontal axis.
    ///   - verticalSizeClass: The room along the vertical axis.
    ///   - appearance: Light or dark.
    ///   - displayScale: Pixels per point; `0` when unknown.
    public init(
        horizontalSizeClass: SizeClass = .unspecified,
        verticalSizeClass: SizeClass = .unspecified,
        appearance: Appearance = .unspecified,
        displayScale: Double = 0
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.appearance = appearance
        self.displayScale = displayScale
    }

    /// The traits as `horizontal H, vertical V, A, scale S`.
    public var description: String {
        "horizontal \(horizontalSizeClass), vertical \(verticalSizeClass), \(appearance), scale \(displayScale)"
    }
}
