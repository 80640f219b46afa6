import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct LoginFormControllerTests {
    @Test(arguments: [true, false])
    func dismissesItsScreenOnceTheShopperSignsInOrGivesUp(signsIn: Bool) {
        let test = TestOwner(testing: LoginFormController(transcript: Fixtures.silentTranscript()))
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)

        test.send((any AccountConversation).self) { form in
            if signsIn { form.accountDidSignIn(as: "ada") } else { form.signInWasCancelled() }
        }

        test.expectSent((any HostServiceConversation).self, "dismiss()")
        #expect(screen.dismissals == 1)
        #expect(screen.routes.isEmpty)
        test.finish()
    }

    @Test func promptsWhenTheScreenAppears() {
        let (transcript, lines) = Fixtures.capturingTranscript()
        let test = TestOwner(testing: LoginFormController(transcript: transcript))
        test.stub(HostServicesStub())
        test.drive(to: .appeared)
        #expect(lines.all == ["LoginForm did-appear: type `login` to sign in, or `cancel`"])
        test.finish()
    }
}
