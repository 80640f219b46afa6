import BCKit
import BCKitTesting
import Testing

// The DocC article "Cells and Nested Owners": its Swift blocks, verbatim, and the behaviour it
// describes. This target has no relay plugin, so the relays are written here by hand.

struct Post: Equatable {
    var id: Int
    var text: String
}

protocol PostCellConversation: Conversation {
    /// The cell shows this post now.
    ///
    /// - Retained
    func cellDidConfigure(with post: Post)
}

protocol CommentCountQuery: Conversation {
    func commentCount(postID: Int) -> Int?
}

extension PostCellConversation {
    func cellDidConfigure(with post: Post) {
        relayRetained((any PostCellConversation).self) { $0.cellDidConfigure(with: post) }
    }
}

extension CommentCountQuery {
    func commentCount(postID: Int) -> Int? {
        relay((any CommentCountQuery).self) { $0.commentCount(postID: postID) }
    }
}

extension CommunicationCenter: PostCellConversation, CommentCountQuery {}

final class CommentCountController: BusinessController, PostCellConversation {
    weak var owner: Owner?
    private(set) var label = ""

    func cellDidConfigure(with post: Post) {
        label = center.up.commentCount(postID: post.id).map { "\($0) comments" } ?? "No comments yet"
    }

    func ownerWillReuse() {
        label = ""
    }
}

final class CommentCountsController: BusinessController, CommentCountQuery {
    weak var owner: Owner?
    var counts: [Int: Int] = [:]

    func commentCount(postID: Int) -> Int? { counts[postID] }
}

/// Likes the post its cell shows; the article names it beside the comment count.
final class LikeButtonController: BusinessController, PostCellConversation {
    weak var owner: Owner?
    private(set) var post: Post?
    private(set) var events: [String] = []

    func cellDidConfigure(with post: Post) { self.post = post }
    func ownerDidAppear() { events.append("did-appear") }
    func ownerWillReuse() { post = nil }
}

@MainActor
final class PostCell {
    let owner = Owner(name: "PostCell")

    func prepareForReuse() {
        do {
            try owner.prepareForReuse()
        } catch {
            // Refused, and nothing was reset: the old content would show under the new one.
            assertionFailure("\(error)")
        }
    }

    func configure(with post: Post) {
        owner.center.cellDidConfigure(with: post)
    }
}

/// Reloads the table, so reuses its cell, from inside its appearance: the article's refused case.
private final class ReloadingController: BusinessController {
    weak var owner: Owner?
    var refusal: OwnerError?

    func ownerDidAppear() {
        do throws(OwnerError) {
            try owner?.prepareForReuse()
        } catch {
            refusal = error
        }
    }
}

@MainActor
@Suite struct CellsArticleTests {
    @Test func aCellsOwnerNestedInAnAppearedScreenCatchesUpAndAsksTheScreen() throws {
        let feed = Owner(name: "Feed")
        try feed.attach(CommentCountsController())
        try feed.didLoad()
        try feed.willAppear()
        try feed.didAppear()
        let like = LikeButtonController()
        let count = CommentCountController()
        let cell = Owner(name: "PostCell")
        try cell.attach([like, count])
        try feed.attach(cell)
        #expect(cell.state == .appeared)
        #expect(like.events == ["did-appear"])

        let counts = try #require(feed.controllers.first as? CommentCountsController)
        counts.counts = [7: 3]
        cell.center.cellDidConfigure(with: Post(id: 7, text: "Hello"))
        #expect(count.label == "3 comments")
        cell.center.cellDidConfigure(with: Post(id: 8, text: "Later"))
        #expect(count.label == "No comments yet")
    }

    @Test func nestingIsAttachingAndTheCellLeavesAlone() throws {
        let feed = Owner(name: "Feed")
        try feed.attach(CommentCountsController())
        let cell = Owner(name: "PostCell")
        try cell.attach([LikeButtonController(), CommentCountController()])
        try feed.attach(cell)
        try feed.didLoad()
        #expect(cell.state == .loaded)

        try feed.detach(cell)

        #expect(cell.state == .tornDown)
        #expect(feed.state == .loaded)
    }

    @Test func aCellsOwnerHasOnePlace() throws {
        let feed = Owner(name: "Feed")
        let other = Owner(name: "Other")
        let cell = Owner(name: "PostCell")
        try feed.attach(cell)
        #expect(throws: OwnerError.attachedElsewhere("PostCell")) { try other.attach(cell) }
    }

    @Test func theCellsQuestionReachesTheScreenOnlyThroughUp() throws {
        let feed = Owner(name: "Feed")
        let counts = CommentCountsController()
        counts.counts = [7: 3]
        try feed.attach(counts)
        let cell = Owner(name: "PostCell")
        try feed.attach(cell)
        #expect(cell.center.up.commentCount(postID: 7) == 3)
        #expect(cell.center.commentCount(postID: 7) == nil)
    }

    @Test func theScreensDownReachesEveryCell() throws {
        let feed = Owner(name: "Feed")
        let likes = [LikeButtonController(), LikeButtonController()]
        for like in likes {
            let cell = Owner(name: "PostCell")
            try cell.attach(like)
            try feed.attach(cell)
        }
        feed.center.cellDidConfigure(with: Post(id: 1, text: "Local"))
        #expect(likes.map(\.post) == [nil, nil])

        feed.center.down.cellDidConfigure(with: Post(id: 2, text: "Down"))

        #expect(likes.map(\.post?.id) == [2, 2])
    }

    @Test func aRetainedConfigurationReachesALateControllerUntilTheCellIsReused() throws {
        let feed = Owner(name: "Feed")
        try feed.attach(CommentCountsController())
        let cell = PostCell()
        try feed.attach(cell.owner)
        try feed.didLoad()
        cell.configure(with: Post(id: 7, text: "Hello"))
        let late = LikeButtonController()
        try cell.owner.attach(late)
        #expect(late.post?.id == 7)

        try feed.willAppear()
        try feed.didAppear()
        cell.prepareForReuse()

        #expect(late.post == nil)
        #expect(cell.owner.state == .appeared)
        let afterReuse = LikeButtonController()
        try cell.owner.attach(afterReuse)
        #expect(afterReuse.post == nil)
        cell.configure(with: Post(id: 9, text: "Next"))
        #expect([late, afterReuse].map(\.post?.id) == [9, 9])
    }

    @Test func aReuseFromInsideALifecycleCallbackIsRefusedAndResetsNothing() throws {
        let cell = Owner(name: "PostCell")
        let like = LikeButtonController()
        let reloading = ReloadingController()
        try cell.attach([like, reloading])
        cell.center.cellDidConfigure(with: Post(id: 7, text: "Hello"))
        try cell.didLoad()
        try cell.willAppear()
        try cell.didAppear()
        #expect(reloading.refusal == .reentrantLifecycle("prepare for reuse"))
        #expect(like.post?.id == 7)
    }

    @Test func theCommentCountAsksTheScreenAndClearsOnReuse() {
        let test = TestOwner(testing: CommentCountController())
        let counts = test.stub(CommentCountsController())
        counts.counts = [7: 3]
        test.drive(to: .appeared)

        test.center.cellDidConfigure(with: Post(id: 7, text: "Hello"))

        #expect(test.controller.label == "3 comments")
        test.expectSent((any CommentCountQuery).self, scope: .reportUp)
        test.prepareForReuse()
        #expect(test.controller.label == "")
        test.finish()
    }
}
