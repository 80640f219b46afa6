import BCKit

/// Loads the profile when the screen loads and tells the others; extracted in the last step.
final class ProfileLoaderController: BusinessController, ProfileLoaderDelegate {
    weak var owner: Owner?
    private let loader: ProfileLoader

    init(loader: ProfileLoader) {
        self.loader = loader
    }

    func ownerDidLoad() {
        loader.delegate = self
        loader.load()
    }

    func profileLoader(_ loader: ProfileLoader, didLoad profile: Profile) {
        center.profileDidLoad(profile)
    }
}
