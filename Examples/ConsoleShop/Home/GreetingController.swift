import BCKit

/// Greets the shopper by name once the home screen appears.
final class GreetingController: BusinessController {
    weak var owner: Owner?
    private let account: Account
    private let transcript: Transcript

    init(account: Account, transcript: Transcript) {
        self.account = account
        self.transcript = transcript
    }

    func ownerDidAppear() {
        let who = account.user.map { "welcome back, \($0)" } ?? "welcome; you are not signed in"
        transcript.say("did-appear: \(who)", from: self)
    }
}
