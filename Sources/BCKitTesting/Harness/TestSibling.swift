import BCKit

/// The controller ``TestOwner/center`` sends as: a sibling of the controllers under test that
/// speaks no conversation and does nothing, so what the test sends through it reads like what a
/// sibling sends in the app, and is told apart from what the controllers under test send.
final class TestSibling: BusinessController {
    weak var owner: Owner?
}
