/// Told when a ``ProfileLoader`` has the profile.
@MainActor
protocol ProfileLoaderDelegate: AnyObject {
    /// The profile arrived.
    func profileLoader(_ loader: ProfileLoader, didLoad profile: Profile)
}

/// Stands in for a network client that reports to a delegate.
///
/// It answers from its cache, inside `load()`: whoever calls it must be ready for the answer
/// before calling, the kind of ordering a massive screen controller depends on without saying so.
@MainActor
final class ProfileLoader {
    /// Who hears the answer.
    weak var delegate: (any ProfileLoaderDelegate)?
    private let cached: Profile

    /// Creates a loader that answers with `cached`.
    init(cached: Profile) { self.cached = cached }

    /// Loads the profile; the delegate hears it before this returns.
    func load() { delegate?.profileLoader(self, didLoad: cached) }
}
