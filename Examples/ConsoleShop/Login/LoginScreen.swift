public import BCKit

/// The login screen the `signedIn` guard opens; `login` signs in and resumes what was waiting,
/// `cancel` drops it. Either way the login form hears it (`AccountConversation`) and asks its
/// screen to dismiss, so the app never checks which screen is on top.
@MainActor
public final class LoginScreen: Screen {
    /// The owner holding the screen's controllers.
    public let owner = Owner(name: "Login")
    /// Every controller the screen made.
    public let parts: [ScreenPart]

    /// Builds the screen and attaches its controller.
    ///
    /// - Parameter transcript: Where the controller says what it does.
    public init(transcript: Transcript) {
        parts = [ScreenPart(name: "LoginForm", controller: LoginFormController(transcript: transcript))]
        owner.host = self
        attachParts()
    }
}
