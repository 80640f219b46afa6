public import BCKit

/// The shop's first screen: a greeting and the catalogue, each a business controller.
@MainActor
public final class HomeScreen: Screen {
    /// The owner holding the screen's controllers.
    public let owner = Owner(name: "Home")
    /// Every controller the screen made.
    public let parts: [ScreenPart]

    /// Builds the screen and attaches its controllers.
    ///
    /// - Parameters:
    ///   - store: The shop's back end.
    ///   - account: Who is signed in.
    ///   - transcript: Where the controllers say what they do.
    public init(store: Store, account: Account, transcript: Transcript) {
        parts = [
            ScreenPart(name: "Greeting", controller: GreetingController(account: account, transcript: transcript)),
            ScreenPart(name: "Catalogue", controller: CatalogueController(store: store, transcript: transcript)),
        ]
        owner.host = self
        attachParts()
    }
}
