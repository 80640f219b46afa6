import BCKit

/// The login form.
final class LoginFormController: BusinessController {
    weak var owner: Owner?
    private let transcript: Transcript

    init(transcript: Transcript) {
        self.transcript = transcript
    }

    func ownerDidAppear() {
        transcript.say("did-appear: type `login` to sign in, or `cancel`", from: self)
    }
}
