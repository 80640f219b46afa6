/// A user's profile, as the migrated profile screen shows it.
struct Profile: Equatable {
    /// The user's handle, shown as `@handle`.
    let handle: String
    /// How many users follow this one.
    let followers: Int
}
