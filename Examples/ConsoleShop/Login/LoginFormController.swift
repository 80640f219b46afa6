import BCKit

/// The login form: prompts for a sign-in and, once the shopper signs in or gives up, asks its
/// screen to dismiss.
///
/// Hears ``AccountConversation`` from the app and asks through `HostServiceConversation`, so it
/// closes its screen without knowing the app, the screen stack or the screen's type.
final class LoginFormController: BusinessController, AccountConversation {
    weak var owner: Owner?
    private let transcript: Transcript

    init(transcript: Transcript) {
        self.transcript = transcript
    }

    func ownerDidAppear() {
        transcript.say("did-appear: type `login` to sign in, or `cancel`", from: self)
    }

    func accountDidSignIn(as user: String) {
        transcript.say("<- AccountConversation: \(user) signed in -> HostServiceConversation.dismiss", from: self)
        transcript.indented { center.dismiss() }
    }

    func signInWasCancelled() {
        transcript.say("<- AccountConversation: sign-in given up -> HostServiceConversation.dismiss", from: self)
        transcript.indented { center.dismiss() }
    }
}
