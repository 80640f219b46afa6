import AdapterTestSupport
import BCKit
import Foundation
import SwiftUI
import Testing

@testable import BCKitSwiftUI

/// A controller that saves a scroll offset.
@MainActor
final class ScrollKeeper: RestorableController {
    weak var owner: Owner?
    var offset = 0
    func saveState() -> Int? { offset }
    func restoreState(_ state: Int) { offset = state }
}

/// A controller that saves a draft, and notes the draft it had when it was attached.
@MainActor
final class Composing: RestorableController {
    weak var owner: Owner?
    var draft = ""
    var draftAtAttach: String?
    func saveState() -> String? { draft.isEmpty ? nil : draft }
    func restoreState(_ state: String) { draft = state }
    func didAttach(to owner: Owner) { draftAtAttach = draft }
}

@MainActor
@Suite(.serialized) struct SceneStorageTests {
    @Test func theSceneStorageCarriesTheOwnersStateAcrossProcessDeath() throws {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        var kept: ScrollKeeper?
        let view = Leaf().owner(savingStateAs: "feed") {
            let owner = Owner(name: "Feed")
            let keeper = ScrollKeeper()
            kept = keeper
            try? owner.attach(keeper)
            return owner
        }
        StandInRenderer.appear(view)
        try #require(kept).offset = 480
        #expect(StandInRenderer.sceneStorage["feed"] == nil)
        StandInRenderer.update(view) { $0.scenePhase = .background }
        #expect(StandInRenderer.sceneStorage["feed"] != nil)

        // The process ends; the scene comes back with its storage and builds a new view.
        StandInRenderer.environment.scenePhase = .active
        var restored: ScrollKeeper?
        let relaunched = Leaf().owner(savingStateAs: "feed") {
            let owner = Owner(name: "Feed")
            let keeper = ScrollKeeper()
            restored = keeper
            try? owner.attach(keeper)
            return owner
        }
        StandInRenderer.appear(relaunched)
        #expect(try #require(restored).offset == 480)
        StandInRenderer.sceneStorage = [:]
    }

    /// Torn down, the owner would save an empty archive: the scene keeps what it stored before.
    @Test func aTornDownOwnersBackgroundSaveLeavesTheSceneStorageAlone() throws {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        var built: Owner?
        let view = Leaf().owner(savingStateAs: "feed") {
            let owner = Owner(name: "Feed")
            let keeper = ScrollKeeper()
            keeper.offset = 480
            try? owner.attach(keeper)
            built = owner
            return owner
        }
        StandInRenderer.appear(view)
        StandInRenderer.update(view) { $0.scenePhase = .background }
        let saved = try #require(StandInRenderer.sceneStorage["feed"])
        StandInRenderer.update(view) { $0.scenePhase = .active }
        try #require(built).tearDown()
        StandInRenderer.update(view) { $0.scenePhase = .background }
        #expect(StandInRenderer.sceneStorage["feed"] == saved)
        StandInRenderer.sceneStorage = [:]
    }

    /// A composer whose owner is built with the archive the scene kept, as the documented form.
    static func composer(_ made: @escaping @MainActor (Owner, Composing) -> Void = { _, _ in }) -> some View {
        Leaf().owner(savingStateAs: "composer") { archive in
            let owner = Owner(name: "Composer", restoring: archive)
            let draft = Composing()
            try? owner.attach(draft)
            made(owner, draft)
            return owner
        }
    }

    @Test func aRestoredControllerHasItsPieceBeforeItsDidAttach() throws {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        defer { StandInRenderer.sceneStorage = [:] }
        var first: Composing?
        let view = Self.composer { first = $1 }
        StandInRenderer.appear(view)
        try #require(first).draft = "Hello"
        StandInRenderer.update(view) { $0.scenePhase = .background }

        // The process ends; the scene comes back with its storage and builds a new view.
        StandInRenderer.environment.scenePhase = .active
        var restored: Composing?
        StandInRenderer.appear(Self.composer { restored = $1 })

        #expect(try #require(restored).draftAtAttach == "Hello")
    }

    @Test func aViewBuiltAgainInTheSameRunStartsFromItsLatestStateNotTheLastBackgroundSave() async throws {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        defer { StandInRenderer.sceneStorage = [:] }
        var first: Composing?
        var firstOwner: Owner?
        var view = Optional(
            Leaf().owner(savingStateAs: "composer") {
                let owner = Owner(name: "Composer")
                let draft = Composing()
                first = draft
                firstOwner = owner
                try? owner.attach(draft)
                return owner
            })
        StandInRenderer.appear(try #require(view))
        try #require(first).draft = "secret"
        StandInRenderer.update(try #require(view)) { $0.scenePhase = .background }
        StandInRenderer.update(try #require(view)) { $0.scenePhase = .active }
        try #require(first).draft = ""  // sent

        // The composer closes: SwiftUI releases its state, and the owner is torn down.
        StandInRenderer.disappear(try #require(view))
        view = nil
        for _ in 0..<100 where firstOwner?.state != .tornDown { await Task.yield() }
        #expect(firstOwner?.state == .tornDown)
        var reopened: Composing?
        StandInRenderer.appear(Self.composer { reopened = $1 })

        #expect(try #require(reopened).draftAtAttach == "")
        #expect(try #require(reopened).draft == "")
    }

    /// The owner lives as long as the view's identity: kept across renderings, it hears the
    /// disappearance, and saves what its controller had then.
    @Test func aKeptViewsOwnerLivesOnAndHearsItsDisappearance() async throws {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        defer { StandInRenderer.sceneStorage = [:] }
        var built: Owner?
        var builds = 0
        var composing: Composing?
        let view = Leaf().owner(savingStateAs: "composer") { archive in
            builds += 1
            let owner = Owner(name: "Composer", restoring: archive)
            let draft = Composing()
            composing = draft
            try? owner.attach(draft)
            built = owner
            return owner
        }

        StandInRenderer.appear(view)
        for _ in 0..<100 { await Task.yield() }
        try #require(composing).draft = "typed"
        StandInRenderer.disappear(view)

        #expect(built?.state == .loaded)
        #expect(StandInRenderer.sceneStorage["composer"] != nil)
        StandInRenderer.appear(view)
        #expect(built?.state == .appeared)
        #expect(builds == 1)
    }

    /// A closure that builds the owner without the archive it was handed loses nothing: the
    /// owner is restored once built, late, and its next save keeps the draft.
    @Test func anArchiveTheClosureLeavesOutIsRestoredLateNotLost() throws {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        defer { StandInRenderer.sceneStorage = [:] }
        var first: Composing?
        let view = Leaf().owner(savingStateAs: "composer") { archive in
            let owner = Owner(name: "Composer", restoring: archive)
            let draft = Composing()
            first = draft
            try? owner.attach(draft)
            return owner
        }
        StandInRenderer.appear(view)
        try #require(first).draft = "Hello"
        StandInRenderer.update(view) { $0.scenePhase = .background }
        StandInRenderer.environment.scenePhase = .active

        var restored: Composing?
        StandInRenderer.appear(
            Leaf().owner(savingStateAs: "composer") { _ in
                let owner = Owner(name: "Composer")
                let draft = Composing()
                restored = draft
                try? owner.attach(draft)
                return owner
            })

        #expect(try #require(restored).draft == "Hello")
        #expect(try #require(restored).draftAtAttach == "")
    }

    @Test func unreadableSceneStorageHandsNoArchiveToTheOwnerAndIsDiagnosed() throws {
        StandInRenderer.sceneStorage = ["composer": Data([0xFF])]
        defer { StandInRenderer.sceneStorage = [:] }
        var reported: [Diagnostic] = []
        var restored: Composing?
        let view = Leaf().owner(savingStateAs: "composer") { archive in
            let owner = Owner(name: "Composer", restoring: archive)
            owner.onDiagnostic = { reported.append($0) }
            let draft = Composing()
            restored = draft
            try? owner.attach(draft)
            return owner
        }
        StandInRenderer.appear(view)
        #expect(try #require(restored).draft == "")
        #expect(reported.map(\.cause) == [.unreadableSavedState])
        #expect(reported.first?.message == "SceneStorage")
    }

    @Test func unreadableSceneStorageStartsFreshAndIsDiagnosed() throws {
        StandInRenderer.sceneStorage = ["feed": Data([0xFF])]
        var reported: [Diagnostic] = []
        var restored: ScrollKeeper?
        let view = Leaf().owner(savingStateAs: "feed") {
            let owner = Owner(name: "Feed")
            owner.onDiagnostic = { reported.append($0) }
            let keeper = ScrollKeeper()
            restored = keeper
            try? owner.attach(keeper)
            return owner
        }
        StandInRenderer.appear(view)
        #expect(try #require(restored).offset == 0)
        #expect(reported.map(\.cause) == [.unreadableSavedState])
        StandInRenderer.sceneStorage = [:]
    }
}

// The blocks of both forms of `owner(savingStateAs:_:services:)`, verbatim.

struct ComposerView: View {
    var body: Never { fatalError("drawn by the stand-in renderer only through its modifiers") }
}

@MainActor
final class DraftController: RestorableController {
    static var restored: [String] = []
    weak var owner: Owner?
    var draft = "typed"
    func saveState() -> String? { draft }
    func restoreState(_ state: String) { Self.restored.append(state) }
}

@MainActor
final class QualityController: BusinessController {
    weak var owner: Owner?
}

struct ComposerScreen: View {
    var body: some View {
        ComposerView()
            .owner(savingStateAs: "composer") {
                let owner = Owner(name: "Composer")
                try? owner.attach([DraftController(), QualityController()])
                return owner
            }
    }
}

struct RestoringComposerScreen: View {
    var body: some View {
        ComposerView()
            .owner(savingStateAs: "composer") { archive in
                let owner = Owner(name: "Composer", restoring: archive)
                try? owner.attach([DraftController(), QualityController()])
                return owner
            }
    }
}

@MainActor
@Suite(.serialized) struct SceneStorageExampleTests {
    @Test func theComposerSavesOnBackgroundAndRestoresOnTheNextLaunch() {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        DraftController.restored = []
        let first = ComposerScreen().body
        StandInRenderer.appear(first)
        StandInRenderer.update(first) { $0.scenePhase = .background }
        StandInRenderer.environment.scenePhase = .active
        StandInRenderer.appear(ComposerScreen().body)
        #expect(DraftController.restored == ["typed"])
        StandInRenderer.sceneStorage = [:]
    }

    @Test func theComposerBuiltWithTheArchiveRestoresOnTheNextLaunch() {
        StandInRenderer.sceneStorage = [:]
        StandInRenderer.environment.scenePhase = .active
        DraftController.restored = []
        let first = RestoringComposerScreen().body
        StandInRenderer.appear(first)
        StandInRenderer.update(first) { $0.scenePhase = .background }
        StandInRenderer.environment.scenePhase = .active
        StandInRenderer.appear(RestoringComposerScreen().body)
        #expect(DraftController.restored == ["typed"])
        StandInRenderer.sceneStorage = [:]
    }
}
