import BCKit
import BCKitInspector
import Foundation
import Testing

@MainActor
@Suite struct InspectorRecorderTests {
    @Test func aRecordingStartsWithItsFormatAndVersion() throws {
        let recorder = InspectorRecorder(timestamps: false)
        let header = try #require(try parse(recorder.jsonLines).first)
        #expect(header["format"] == "bckit-inspector")
        #expect(header.fields["version"] as? Int == InspectorRecorder.formatVersion)
        #expect(header.fields["timestamps"] as? Bool == false)
    }

    @Test func aSendMadeWhileAnotherRunsIsNestedUnderIt() throws {
        let owner = Owner(name: "Screen")
        let first = Listener()
        let echo = Echo()
        try owner.attach([first, echo])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        first.onPing = { [unowned first] _ in first.center.send((any EchoConversation).self) { $0.echo() } }
        owner.center.ping("x")
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0["conversation"] } == ["PingConversation", "EchoConversation"])
        #expect(dispatches[1].parent == dispatches[0].seq)
        #expect(dispatches[1]["sender"] == "Listener")
        #expect(dispatches[0]["sender"] == nil && dispatches[0].parent == nil)
    }

    /// A lazy controller's creation is an owner line that says why it was created: the message
    /// that created it, or the appearance.
    @Test func aLazyControllersCreationRecordsWhy() throws {
        let owner = Owner(name: "Screen")
        try owner.attach(lazily: { Listener() }, speaking: [(any PingConversation).self], creation: .onFirstMessage)
        try owner.attach(lazily: { Echo() }, speaking: [(any EchoConversation).self])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        try owner.didLoad()
        try owner.willAppear()
        owner.center.ping("x")
        let created = try lines(of: recorder).filter { $0["change"] == "lazily-created" }
        #expect(created.map { $0["subject"] } == ["Echo", "Listener"])
        #expect(created.map { $0["reason"] } == ["appearance", "first message of PingConversation"])
        let attached = try lines(of: recorder).filter { $0["change"] == "attached" }
        #expect(attached.allSatisfy { $0["reason"] == nil })
    }

    @Test func reEntrantSendsNestOneUnderTheOther() throws {
        let owner = Owner()
        let listener = Listener()
        try owner.attach(listener)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        var rounds = 0
        listener.onPing = { [unowned owner] _ in
            rounds += 1
            if rounds < 3 { owner.center.ping("again") }
        }
        owner.center.ping("first")
        let pings = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(pings.count == 3)
        #expect(pings.map(\.parent) == [nil, pings[0].seq, pings[1].seq])
        #expect(recorder.dispatchCount == 3)
    }

    @Test func aControllerDetachedDuringADispatchIsSkippedAndItsDetachNestedUnderIt() throws {
        let owner = Owner(name: "Screen")
        let detacher = Listener()
        let victim = Listener()
        try owner.attach([detacher, victim])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        detacher.onPing = { [unowned owner, unowned victim] _ in try? owner.detach(victim) }
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        let ping = try #require(recorded.first { $0.type == "dispatch" })
        #expect(ping.receivers == ["Listener"])
        let detach = try #require(recorded.first { $0["change"] == "detached" })
        #expect(detach.parent == ping.seq)
        #expect(detach.controllers == ["Listener"])
    }

    @Test func aRetainedMessageIsMarkedAndItsReplayRecorded() throws {
        let owner = Owner()
        try owner.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping("kept") }
        try owner.attach(Listener())
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0["kind"] } == ["send", "replay"])
        #expect(dispatches[0].flag("retained"))
        #expect(dispatches[0]["message"] == "ping(_:)")
        #expect(dispatches[1].receivers == ["Listener"])
    }

    /// A retained message sent before its listener attaches waits for it and is replayed to it:
    /// the page opened on it as "the first message nobody handled" (trial stop 51, F1). One that
    /// reached receivers which all ignored it is still unhandled.
    @Test func aRetainedMessageThatReachedNobodyYetIsNotMarkedUnhandled() throws {
        let owner = Owner()
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping("kept") }
        try owner.attach(Listener())
        try owner.detach(owner.controllers[0])
        try owner.attach(Deaf())
        owner.center.sendRetained((any PingConversation).self, message: "ping(_:)") { $0.ping("ignored") }
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0["kind"] } == ["send", "replay", "replay", "send"])
        #expect(dispatches.map { $0.flag("retained") } == [true, false, false, true])
        #expect(dispatches.map { $0.flag("unhandled") } == [false, false, true, true])
    }

    @Test func aMessageNobodyHandlesIsMarkedUnhandledWithWhoIgnoredIt() throws {
        let owner = Owner()
        var reported: [String?] = []
        owner.onDiagnostic = { reported.append($0.conversation) }
        try owner.attach([Deaf(), Echo()])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.ping("x")
        owner.center.send((any EchoConversation).self) { $0.echo() }
        try owner.detach(owner.controllers[1])
        owner.center.send((any EchoConversation).self) { $0.echo() }
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0.flag("unhandled") } == [true, false, true])
        #expect(dispatches[0].receivers == ["Deaf"])
        #expect(dispatches[0].handled == [false])
        #expect(reported == ["EchoConversation"])
    }

    @Test func argumentValuesAreNeverRecorded() throws {
        let owner = Owner()
        try owner.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.ping("card 4111 1111 1111 1111")
        #expect(!recorder.jsonLines.contains("4111"))
    }

    @Test func oneRecorderCoversNestedOwnersAndOwnersNestedLater() throws {
        let page = Owner(name: "Page")
        let early = Owner(name: "Early")
        try page.attach(early)
        try early.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(page)
        let late = Owner(name: "Late")
        try late.attach(Echo())
        try page.attach(late)
        early.center.ping("x")
        late.center.send((any EchoConversation).self) { $0.echo() }
        #expect(early.observers.contains { $0 === recorder } && late.observers.contains { $0 === recorder })
        let recorded = try lines(of: recorder)
        #expect(recorded.filter { $0.type == "dispatch" }.map { $0["owner"] } == ["Early", "Late"])
        let pageTree = try #require(recorded.last { $0.type == "owner" && $0["owner"] == "Page" })
        #expect(pageTree.controllers == ["Early", "Late"])
    }

    @Test func treeChangesAndLifecycleStatesAreRecorded() throws {
        let owner = Owner(name: "Screen")
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        try owner.attach(Listener())
        try owner.attach(lazily: { Echo() }, speaking: [(any EchoConversation).self])
        try owner.didLoad()
        owner.center.send((any EchoConversation).self) { $0.echo() }
        let trees = try lines(of: recorder).filter { $0.type == "owner" }
        #expect(
            trees.map { $0["change"] } == [
                "recorded", "attached", "lifecycle", "lazily-created", "attached", "lifecycle",
            ])
        let last = try #require(trees.last)
        #expect(last.controllers == ["Listener", "Echo"])
        #expect(last["state"] == "loaded")
    }

    @Test func controllerTasksAreRecordedFromStartToEnd() async throws {
        let owner = Owner(name: "Screen")
        let listener = Listener()
        try owner.attach(listener)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        await listener.task { _ in }.value
        let sleeper = listener.task { _ in try? await Task.sleep(for: .seconds(60)) }
        try owner.detach(listener)
        await sleeper.value
        let tasks = try lines(of: recorder).filter { $0.type == "task" }.map { $0["change"] }
        #expect(tasks == ["task-started", "task-finished", "task-started", "task-cancelled", "task-finished"])
    }

    @Test func withoutTimestampsTheSameSessionGivesTheSameFile() throws {
        func session() throws -> String {
            let owner = Owner(name: "Screen")
            let recorder = InspectorRecorder(timestamps: false)
            recorder.record(owner)
            try owner.attach([Listener(), Deaf()])
            try owner.didLoad()
            try owner.willAppear()
            owner.center.ping("x")
            return recorder.jsonLines
        }
        let first = try session()
        #expect(try session() == first)
        #expect(!first.contains("\"at\""))
    }

    @Test func withTimestampsEachLineSaysWhenAndEachDispatchHowLong() throws {
        let owner = Owner()
        let recorder = InspectorRecorder()
        recorder.record(owner)
        try owner.attach(Listener())
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        #expect(recorded.allSatisfy { $0.fields["at"] is Int })
        #expect(recorded.filter { $0.type == "dispatch" }.allSatisfy { $0.fields["duration"] is Int })
    }

    @Test func aDiagnosticReportedToTheTracerIsRecorded() throws {
        let owner = Owner(name: "Screen")
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        recorder.didObserve(TraceEvent(.diagnostic, in: owner, detail: "attached twice"))
        let diagnostic = try #require(try lines(of: recorder).first { $0.type == "diagnostic" })
        #expect(diagnostic["text"] == "attached twice")
        #expect(diagnostic["owner"] == "Screen")
    }

    @Test func eachControllerKeepsOneNumberAndSameNamedOnesInTwoOwnersGetTwo() throws {
        let page = Owner(name: "Page")
        let nested = Owner(name: "Nested")
        let first = Listener()
        let kept = Echo()
        try page.attach([first, kept, nested])
        try nested.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(page)
        try page.detach(first)
        try page.attach(Listener())
        let trees = try lines(of: recorder).filter { $0.type == "owner" }
        let pageTrees = trees.filter { $0["owner"] == "Page" }
        let before = try #require(pageTrees.first)
        let after = try #require(pageTrees.last)
        #expect(before.controllers == ["Listener", "Echo", "Nested"])
        #expect(after.controllers == ["Echo", "Nested", "Listener"])
        // Echo and the nested owner keep their numbers; the new Listener is not the old one.
        #expect(after.controllerIDs[0] == before.controllerIDs[1])
        #expect(after.controllerIDs[1] == before.controllerIDs[2])
        #expect(after.controllerIDs[2] != before.controllerIDs[0])
        let nestedTree = try #require(trees.first { $0["owner"] == "Nested" })
        #expect(nestedTree.controllerIDs.count == 1)
        #expect(!before.controllerIDs.contains(nestedTree.controllerIDs[0]))
        #expect(Set(trees.flatMap(\.controllerIDs)).count == 5)
    }

    @Test func recordingAddsAnObserverAndLeavesTheOthers() throws {
        let page = Owner(name: "Page")
        let nested = Owner(name: "Nested")
        try page.attach(nested)
        let other = Echo()
        let transcript = ConversationTranscript()
        page.addObserver(transcript)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(page)
        recorder.record(nested)
        try nested.attach(other)
        nested.center.send((any EchoConversation).self) { $0.echo() }
        #expect(page.observers.count == 2)
        #expect(page.observers.contains { $0 === transcript })
        #expect(nested.observers.filter { $0 === recorder }.count == 1)
        #expect(transcript.text.contains("EchoConversation"))
        #expect(try lines(of: recorder).filter { $0.type == "dispatch" }.count == 1)
    }

    @Test func sendersAndReceiversAreNamedByTheNumbersOfTheTree() throws {
        let owner = Owner(name: "Screen")
        let sender = Listener()
        let echo = Echo()
        try owner.attach([sender, echo])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        sender.onPing = { [unowned sender] _ in sender.center.send((any EchoConversation).self) { $0.echo() } }
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        let tree = try #require(recorded.first { $0.type == "owner" })
        let numbers = Dictionary(uniqueKeysWithValues: zip(tree.controllers, tree.controllerIDs))
        let echoed = try #require(recorded.first { $0["conversation"] == "EchoConversation" })
        #expect(echoed.number("senderID") == numbers["Listener"])
        #expect(echoed.receiverIDs == [numbers["Echo"]])
        #expect(echoed.number("ownerID") == tree.number("ownerID"))
        let ping = try #require(recorded.first { $0["conversation"] == "PingConversation" })
        #expect(ping.fields["senderID"] is NSNull)
    }

    @Test func twoOwnersOfOneNameAreToldApartInTheirDispatchesAndStates() throws {
        let page = Owner(name: "Page")
        let left = Owner(name: "Twin")
        let right = Owner(name: "Twin")
        try page.attach([left, right])
        try left.attach(Listener())
        try right.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(page)
        left.center.ping("x")
        try page.didLoad()
        let recorded = try lines(of: recorder)
        let twins = recorded.filter { $0.type == "owner" && $0["owner"] == "Twin" && $0["change"] == "recorded" }
        #expect(twins.count == 2)
        let leftID = try #require(twins.first?.number("ownerID"))
        let rightID = try #require(twins.last?.number("ownerID"))
        #expect(leftID != rightID)
        #expect(recorded.first { $0.type == "dispatch" && $0["kind"] == "send" }?.number("ownerID") == leftID)
        // Each twin's states are written down after its own lifecycle delivery.
        let loaded = recorded.filter { $0["owner"] == "Twin" && $0["change"] == "lifecycle" }
        #expect(loaded.compactMap { $0.number("ownerID") }.sorted() == [leftID, rightID].sorted())
        #expect(loaded.allSatisfy { $0["state"] == "loaded" })
    }

    @Test func ofTwoReceiversOfOneNameOnlyTheOneWhoseDefaultRanIgnoredIt() throws {
        let owner = Owner(name: "Screen")
        try owner.attach([Picky(handles: true), Picky(handles: false)])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.ping("x")
        let ping = try #require(try lines(of: recorder).first { $0.type == "dispatch" })
        #expect(ping.receivers == ["Picky", "Picky"])
        #expect(ping.handled == [true, false])
        #expect(!ping.flag("unhandled"))
    }

    @Test func anAppMarkerIsRecordedAsAMarkerLine() throws {
        let owner = Owner(name: "Screen")
        try owner.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.mark("user tapped add-to-cart")
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        let marker = try #require(recorded.first { $0.type == "marker" })
        #expect(marker["label"] == "user tapped add-to-cart")
        #expect(marker["owner"] == "Screen")
        #expect(marker.seq < recorded.first { $0.type == "dispatch" }?.seq ?? 0)
    }

    @Test func aControllerFreedAndReplacedIsNumberedAnew() throws {
        let owner = Owner(name: "Screen")
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        do {
            let short = Listener()
            try owner.attach(short)
            try owner.detach(short)
        }
        // The freed controller's identity may be given to this one; its number is not.
        try owner.attach(Listener())
        let attached = try lines(of: recorder).filter { $0["change"] == "attached" }
        #expect(attached.count == 2)
        #expect(attached[0].number("subjectID") != attached[1].number("subjectID"))
        #expect(attached.map { $0.number("subjectID") } == attached.map { $0.controllerIDs.last })
    }

    @Test func dispatchesTasksAndDiagnosticsNameTheirOwnerByNumber() async throws {
        let owner = Owner(name: "Screen")
        let listener = Listener()
        try owner.attach(listener)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.ping("x")
        await listener.task { _ in }.value
        recorder.didObserve(TraceEvent(.diagnostic, in: owner, detail: "late"))
        let recorded = try lines(of: recorder)
        let ownerID = try #require(recorded.first { $0.type == "owner" }?.number("ownerID"))
        for type in ["dispatch", "task", "diagnostic"] {
            let line = try #require(recorded.first { $0.type == type })
            #expect(line.number("ownerID") == ownerID, "\(type)")
        }
    }

    @Test func theDiagnosticOfAMessageNobodyHandledLinksToItsDispatch() throws {
        let owner = Owner(name: "Screen")
        owner.onDiagnostic = { _ in }
        try owner.attach(Deaf())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.relay((any PingConversation).self, message: "ping(_:)") { $0.ping("x") }
        let recorded = try lines(of: recorder)
        let ping = try #require(recorded.first { $0.type == "dispatch" })
        let diagnostics = recorded.filter { $0.type == "diagnostic" }
        #expect(diagnostics.map { $0.number("dispatch") } == [ping.seq])
    }

    @Test func theDiagnosticOfASendThatReachedNobodyLinksToItsDispatch() throws {
        let owner = Owner(name: "Screen")
        owner.onDiagnostic = { _ in }
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        let ping = try #require(recorded.first { $0.type == "dispatch" })
        let diagnostics = recorded.filter { $0.type == "diagnostic" }
        #expect(diagnostics.map { $0.number("dispatch") } == [ping.seq])
    }

    /// Another reporter (a navigator that does not know a route, say) may speak right after a
    /// dispatch ends: its diagnostic is not about that dispatch.
    @Test func aDiagnosticReportedRightAfterADispatchIsNotLinkedToItUnlessItReportsIt() throws {
        let owner = Owner(name: "Screen")
        owner.onDiagnostic = { _ in }
        try owner.attach(Deaf())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.relay((any PingConversation).self, message: .quiet("ping(_:)")) { $0.ping("x") }
        recorder.didObserve(TraceEvent(.diagnostic, in: owner, detail: "no route for chat://nowhere/1"))
        owner.center.ping("y")
        recorder.recordDiagnostic("a reply was never sent", owner: "Screen")
        let diagnostics = try lines(of: recorder).filter { $0.type == "diagnostic" }
        #expect(diagnostics.map { $0["text"] } == ["no route for chat://nowhere/1", "a reply was never sent"])
        #expect(diagnostics.map { $0.number("dispatch") } == [nil, nil])
    }

    @Test func aQuietMessageIsMarkedQuiet() throws {
        let owner = Owner(name: "Screen")
        try owner.attach(Deaf())
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        owner.center.relay((any PingConversation).self, message: .quiet("ping(_:)")) { $0.ping("x") }
        owner.center.ping("y")
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0.flag("quiet") } == [true, false])
        #expect(dispatches.allSatisfy { $0.flag("unhandled") })
    }

    @Test func aDiagnosticIsRecordedUnderTheDispatchRunning() throws {
        let owner = Owner(name: "Screen")
        let listener = Listener()
        try owner.attach(listener)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        listener.onPing = { _ in recorder.recordDiagnostic("a reply was never sent", owner: "Screen") }
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        let diagnostic = try #require(recorded.first { $0.type == "diagnostic" })
        #expect(diagnostic["text"] == "a reply was never sent")
        #expect(diagnostic.parent == recorded.first { $0.type == "dispatch" }?.seq)
    }

    /// A recorder added with `addObserver`, as its initializer allows, writes an owner's tree the
    /// first time a dispatch names it, before the dispatch: so the dispatch names its owner, its
    /// sender and its receivers by number, and the page has a tree from the first moment.
    @Test func aRecorderAddedAsAnObserverWritesTheTreeOfAnOwnerBeforeItsFirstDispatch() throws {
        let owner = Owner(name: "Screen")
        let listener = Listener()
        let echo = Echo()
        try owner.attach([listener, echo])
        let recorder = InspectorRecorder(timestamps: false)
        owner.addObserver(recorder)
        listener.onPing = { [unowned listener] _ in listener.center.send((any EchoConversation).self) { $0.echo() } }
        try owner.didLoad()
        owner.center.ping("x")
        let recorded = try lines(of: recorder)
        let trees = recorded.filter { $0.type == "owner" }
        #expect(trees.map { $0["change"] } == ["recorded", "lifecycle"])
        #expect(recorded.first?.type == "owner")
        let tree = try #require(trees.first)
        let ownerID = try #require(tree.number("ownerID"))
        let dispatches = recorded.filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0["conversation"] } == ["did-load", "PingConversation", "EchoConversation"])
        #expect(dispatches.allSatisfy { $0.number("ownerID") == ownerID })
        #expect(dispatches[1].receiverIDs == [tree.controllerIDs[0]])
        #expect(dispatches[2].number("senderID") == tree.controllerIDs[0])
        #expect(dispatches[2].receiverIDs == [tree.controllerIDs[1]])
    }

    /// An app marker is the first thing a recorder added with `addObserver` hears of an owner:
    /// the owner's tree is written before it, as before a dispatch.
    @Test func aRecorderAddedAsAnObserverWritesTheTreeOfAnOwnerBeforeItsFirstMarker() throws {
        let owner = Owner(name: "Screen")
        try owner.attach(Listener())
        let recorder = InspectorRecorder(timestamps: false)
        owner.addObserver(recorder)
        owner.mark("user taps add")
        owner.mark("user taps add again")
        let recorded = try lines(of: recorder)
        #expect(recorded.map(\.type) == ["owner", "marker", "marker"])
        #expect(recorded[1].number("ownerID") == recorded[0].number("ownerID"))
    }

    /// A nested owner detached leaves its parent: its own latest line must say so, or the page
    /// reads the tree as still nesting it.
    @Test func aNestedOwnerDetachedIsWrittenDownWithoutAParent() throws {
        let parent = Owner(name: "Parent")
        let child = Owner(name: "Child")
        try child.attach(Listener())
        try parent.attach(child)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(parent)
        try parent.detach(child)
        let recorded = try lines(of: recorder)
        let lastParent = try #require(recorded.last { $0.type == "owner" && $0["owner"] == "Parent" })
        let lastChild = try #require(recorded.last { $0.type == "owner" && $0["owner"] == "Child" })
        #expect(lastParent.controllers.isEmpty)
        #expect(lastChild.seq > lastParent.seq)
        #expect(lastChild["change"] == "detached")
        #expect(lastChild["subject"] == "Child")
        #expect(lastChild.fields["parentID"] is NSNull)
    }

    /// The format promises every diagnostic an `ownerID` member, `null` when the recorder cannot
    /// say which owner it was.
    @Test func aDiagnosticRecordedDirectlyHasANullOwnerID() throws {
        let recorder = InspectorRecorder(timestamps: false)
        recorder.recordDiagnostic("a reply was never sent", owner: "Screen")
        let diagnostic = try #require(try lines(of: recorder).first)
        #expect(diagnostic.fields["ownerID"] is NSNull)
    }

    /// The kit reports will-reuse only as it ends, so what the controllers send from
    /// `ownerWillReuse()` comes first, nested under what ran around the reuse; RecordingFormat.md
    /// states this exception to the order of `seq` and to `parent`.
    @Test func aSendFromWillReuseComesBeforeTheReuseAndIsNotNestedUnderIt() throws {
        let owner = Owner(name: "Cell")
        try owner.attach([ReusePinger(), Listener()])
        try owner.didLoad()
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        try owner.prepareForReuse()
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0["conversation"] } == ["PingConversation", "will-reuse"])
        #expect(dispatches.map(\.parent) == [nil, nil])
    }

    /// The recording taken while a dispatch runs (a page written from a receiver) holds that
    /// dispatch, marked unfinished, so every `parent` it names is in it.
    @Test func theRecordingSoFarHoldsTheDispatchesStillRunningMarkedUnfinished() throws {
        let owner = Owner(name: "Screen")
        let listener = Listener()
        try owner.attach([listener, Echo()])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        var taken = ""
        listener.onPing = { [unowned listener] _ in
            listener.center.send((any EchoConversation).self) { $0.echo() }
            taken = recorder.jsonLines
        }
        owner.center.ping("y")
        let recorded = try parse(taken).dropFirst()
        let ping = try #require(recorded.first { $0["conversation"] == "PingConversation" })
        #expect(ping.flag("unfinished"))
        #expect(ping.receivers.isEmpty && !ping.flag("unhandled"))
        let echo = try #require(recorded.first { $0["conversation"] == "EchoConversation" })
        #expect(echo.parent == ping.seq && !echo.flag("unfinished"))
        let finished = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(finished.map { $0.flag("unfinished") } == [false, false])
        #expect(finished.first?.seq == ping.seq)
    }
}

@MainActor
@Suite struct InspectorRecorderAsyncTests {
    @Test func anAsyncDispatchIsMarkedAndPairedWithItsStart() async throws {
        let owner = Owner(name: "Screen")
        try owner.attach([Refresher(), Listener()])
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        await owner.center.send((any RefreshConversation).self) { await $0.refresh() }
        owner.center.ping("y")
        let dispatches = try lines(of: recorder).filter { $0.type == "dispatch" }
        #expect(dispatches.map { $0.flag("async") } == [true, false])
        #expect(dispatches.map(\.parent) == [nil, nil])
        #expect(dispatches[0].receivers == ["Refresher"])
    }

    @Test func theDiagnosticOfAnAsyncSendThatReachedNobodyLinksToItsDispatch() async throws {
        let owner = Owner(name: "Screen")
        owner.onDiagnostic = { _ in }
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        await owner.center.send((any RefreshConversation).self) { await $0.refresh() }
        let recorded = try lines(of: recorder)
        let refresh = try #require(recorded.first { $0.type == "dispatch" })
        let diagnostics = recorded.filter { $0.type == "diagnostic" }
        #expect(diagnostics.map { $0.number("dispatch") } == [refresh.seq])
    }

    /// An async dispatch awaiting its receiver when the recording is taken is in it, unfinished.
    @Test func theRecordingSoFarHoldsAnAsyncDispatchStillAwaitingItsReceivers() async throws {
        let owner = Owner(name: "Screen")
        let stalled = Stalled()
        try owner.attach(stalled)
        let recorder = InspectorRecorder(timestamps: false)
        recorder.record(owner)
        let sending = Task { await owner.center.send((any RefreshConversation).self) { await $0.refresh() } }
        while !stalled.isWaiting { await Task.yield() }
        let taken = try parse(recorder.jsonLines)
        stalled.release()
        _ = await sending.value
        let refresh = try #require(taken.first { $0.type == "dispatch" })
        #expect(refresh["conversation"] == "RefreshConversation")
        #expect(refresh.flag("unfinished") && refresh.flag("async"))
    }
}
