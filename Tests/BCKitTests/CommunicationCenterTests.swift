import BCKit
import Testing

@MainActor
protocol PriceQuery: AnyObject {
    var price: Int { get }
}

@MainActor
protocol FormConversation: AnyObject {
    func validate() throws
}

@MainActor
protocol StockQuery: AnyObject {
    func fetchStock(reply: Reply<Int>)
}

@MainActor
protocol RefreshConversation: AnyObject {
    func refresh(log: Log) async -> String
}

@MainActor
final class Log {
    var lines: [String] = []
}

/// Where concurrent receivers wait for each other: how many have started, of how many expected.
@MainActor
final class Meeting {
    let expected: Int
    var started = 0

    init(of expected: Int) {
        self.expected = expected
    }
}

/// Starts, then waits (yielding) until every receiver of its meeting started, and says whether
/// they all met.
@MainActor
final class MeetingPart: BusinessController, RefreshConversation {
    weak var owner: Owner?
    let number: Int
    let meeting: Meeting

    init(number: Int, meeting: Meeting) {
        self.number = number
        self.meeting = meeting
    }

    func refresh(log: Log) async -> String {
        log.lines.append("start \(number)")
        meeting.started += 1
        for _ in 0..<1_000 where meeting.started % meeting.expected != 0 {
            await Task.yield()
        }
        return meeting.started % meeting.expected == 0 ? "met \(number)" : "alone \(number)"
    }
}

struct Invalid: Error, Equatable {
    let field: String
}

@MainActor
final class Part: BusinessController, PriceQuery, FormConversation, StockQuery, RefreshConversation {
    weak var owner: Owner?
    let price: Int
    let problem: Invalid?
    var pendingReply: Reply<Int>?
    var answersAtOnce = true

    init(price: Int, problem: Invalid? = nil) {
        self.price = price
        self.problem = problem
    }

    func validate() throws {
        if let problem { throw problem }
    }

    func fetchStock(reply: Reply<Int>) {
        if answersAtOnce { reply(price) } else { pendingReply = reply }
    }

    func refresh(log: Log) async -> String {
        log.lines.append("start \(price)")
        await Task.yield()
        log.lines.append("end \(price)")
        return "refreshed \(price)"
    }
}

@MainActor
@Suite struct CommunicationCenterTests {
    let journal = Journal()

    @Test func aSendReachesEveryConformingControllerInOrderAndCountsThem() throws {
        let owner = Owner()
        try owner.attach([Probe("A", journal), Silent(), Probe("B", journal)])
        try owner.attach(Probe("first", journal), priority: 1)
        let reached = owner.center.send((any PingConversation).self) { $0.ping(3) }
        #expect(reached == 3)
        #expect(
            journal.events.filter { if case .ping = $0 { true } else { false } } == [
                .ping("first", 3), .ping("A", 3), .ping("B", 3),
            ])
    }

    @Test func aSendNobodySpeaksIsNotAnErrorAndReachesNobody() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        try owner.attach(Silent())
        #expect(owner.center.send((any PingConversation).self) { $0.ping(1) } == 0)
        #expect(diagnostics.conversations == ["PingConversation"])
    }

    @Test func theCachedTableFollowsAttachAndDetach() throws {
        let owner = Owner()
        let a = Probe("A", journal)
        try owner.attach(a)
        #expect(owner.center.send((any PingConversation).self) { $0.ping(1) } == 1)
        let b = Probe("B", journal)
        try owner.attach(b, priority: 1)
        #expect(owner.center.send((any PingConversation).self) { $0.ping(2) } == 2)
        try owner.detach(a)
        #expect(owner.center.send((any PingConversation).self) { $0.ping(3) } == 1)
        #expect(
            journal.events.filter { if case .ping = $0 { true } else { false } } == [
                .ping("A", 1), .ping("B", 2), .ping("A", 2), .ping("B", 3),
            ])
    }

    @Test func firstReturnsTheFirstAnswerThatIsNotNilAndAsksNoFurther() throws {
        let owner = Owner()
        try owner.attach([Named(nil), Named("second"), Named("third")])
        var asked = 0
        let answer = owner.center.first((any NameQuery).self) { query -> String? in
            asked += 1
            return query.nickname
        }
        #expect(answer == "second")
        #expect(asked == 2)
        #expect(Owner().center.first((any NameQuery).self) { $0.nickname } == nil)
    }

    @Test func allReturnsEveryAnswerInOrderAndReduceFoldsThem() throws {
        let owner = Owner()
        let diagnostics = owner.collectDiagnostics()
        try owner.attach([Part(price: 3), Part(price: 5)])
        try owner.attach(Part(price: 1), priority: 2)
        #expect(owner.center.all((any PriceQuery).self) { $0.price } == [1, 3, 5])
        #expect(owner.center.reduce((any PriceQuery).self, into: 100) { total, part in total -= part.price } == 91)
        #expect(owner.center.all((any NameQuery).self) { $0.nickname }.isEmpty)
        #expect(diagnostics.conversations == ["NameQuery"])
    }

    /// `all` sizes its answers from this owner's cached table; a wider scope brings more
    /// receivers than that, and a cold table none: every answer still comes back, in order.
    @Test(arguments: [false, true])
    func allOverAScopeWiderThanTheOwnerAnswersInOrder(preparedFirst: Bool) throws {
        let page = Owner(name: "Page")
        let reviews = Owner(name: "Reviews")
        try page.attach([Part(price: 1), reviews, Part(price: 2)])
        try reviews.attach([Part(price: 10), Part(price: 20), Part(price: 30)])
        if preparedFirst { page.center.prepare((any PriceQuery).self) }
        #expect(page.center.all((any PriceQuery).self, scope: .broadcastDown) { $0.price } == [1, 2, 10, 20, 30])
        #expect(page.center.all((any PriceQuery).self) { $0.price } == [1, 2])
    }

    /// An owner with no receiver of its own has nothing cached to size the answers from; the
    /// nested owners' answers still all come back, in order.
    @Test func allFromAnOwnerWithNoReceiverOfItsOwnGathersTheNestedAnswers() throws {
        let page = Owner(name: "Page")
        let diagnostics = page.collectDiagnostics()
        let reviews = Owner(name: "Reviews")
        try page.attach(reviews)
        try reviews.attach([Part(price: 10), Part(price: 20)])
        page.center.prepare((any PriceQuery).self)
        #expect(page.center.all((any PriceQuery).self, scope: .broadcastDown) { $0.price } == [10, 20])
        #expect(page.center.all((any PriceQuery).self) { $0.price }.isEmpty)
        #expect(diagnostics.conversations == ["PriceQuery"])
    }

    /// A controller attached while `all` asks is not asked by it, whether the table was built
    /// before or by this `all`: the answers are those of the receivers present when it started.
    @Test(arguments: [false, true])
    func allDoesNotAskAControllerAttachedWhileAsking(preparedFirst: Bool) throws {
        let owner = Owner()
        try owner.attach([Part(price: 1), Part(price: 2)])
        if preparedFirst { owner.center.prepare((any PriceQuery).self) }
        var attachedMeanwhile = false
        let answers = owner.center.all((any PriceQuery).self) { part in
            if !attachedMeanwhile {
                attachedMeanwhile = true
                try? owner.attach(Part(price: 3))
            }
            return part.price
        }
        #expect(answers == [1, 2])
        #expect(owner.center.all((any PriceQuery).self) { $0.price } == [1, 2, 3])
    }

    /// A receiver detached by an earlier one during `all` gives no answer, and the answers stay
    /// in order with no gap.
    @Test func allSkipsAReceiverDetachedWhileAsking() throws {
        let owner = Owner()
        let second = Part(price: 2)
        let first = Detaching(victim: second)
        try owner.attach([first, second, Part(price: 3)])
        owner.center.prepare((any PriceQuery).self)
        #expect(owner.center.all((any PriceQuery).self) { $0.price } == [1, 3])
        #expect(second.owner == nil)
    }

    @Test func aThrowingSendReachesEveryReceiverThenThrowsEveryError() throws {
        let owner = Owner()
        let parts = [
            Part(price: 1, problem: Invalid(field: "a")), Part(price: 2), Part(price: 3, problem: Invalid(field: "c")),
        ]
        try owner.attach(parts)
        var called: [Int] = []
        do {
            try owner.center.send((any FormConversation).self) { form in
                called.append((form as! Part).price)
                try form.validate()
            }
            Issue.record("expected the send to throw")
        } catch {
            #expect(error.conversation == "FormConversation")
            #expect(error.failures.map(\.receiver) == ["Part", "Part"])
            #expect(error.failures.map { $0.error as? Invalid } == [Invalid(field: "a"), Invalid(field: "c")])
        }
        #expect(called == [1, 2, 3])
        let fine = Owner()
        try fine.attach(Part(price: 1))
        #expect(try fine.center.send((any FormConversation).self) { try $0.validate() } == 1)
    }

    @Test func asyncSendsRunReceiversOneAfterAnotherByDefault() async throws {
        let owner = Owner()
        try owner.attach([Part(price: 1), Part(price: 2)])
        let log = Log()
        let answers = await owner.center.all((any RefreshConversation).self) { await $0.refresh(log: log) }
        #expect(answers == ["refreshed 1", "refreshed 2"])
        #expect(log.lines == ["start 1", "end 1", "start 2", "end 2"])
    }

    @Test func concurrentAsyncSendsOverlapButAnswerInOrder() async throws {
        // Each receiver waits, yielding, until all three have started: run one after another, the
        // first would give up alone. Not a fixed interleaving, which the runtime does not promise.
        let owner = Owner()
        let meeting = Meeting(of: 3)
        try owner.attach((1...3).map { MeetingPart(number: $0, meeting: meeting) })
        let log = Log()
        let answers = await owner.center.all((any RefreshConversation).self, concurrently: true) {
            await $0.refresh(log: log)
        }
        #expect(answers == ["met 1", "met 2", "met 3"])
        #expect(Set(log.lines) == ["start 1", "start 2", "start 3"])
        let reached = await owner.center.send((any RefreshConversation).self, concurrently: true) {
            _ = await $0.refresh(log: log)
        }
        #expect(reached == 3)
    }

    @Test func gatherCompletesOnceAfterTheLastReplyWithAnswersInOrder() throws {
        let owner = Owner()
        let parts = [Part(price: 4), Part(price: 6)]
        for part in parts { part.answersAtOnce = false }
        try owner.attach(parts)
        var completions: [[Int]] = []
        let asked = owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: {
            completions.append($0)
        }
        #expect(asked == 2)
        parts[1].pendingReply?(60)
        #expect(completions.isEmpty)
        parts[0].pendingReply?(40)
        #expect(completions == [[40, 60]])
    }

    /// A receiver that leaves before answering is not waited for, and its later answer is ignored:
    /// detached alone, or with its owner's tear-down.
    @Test(arguments: [false, true])
    func aGatherStopsWaitingForAReceiverThatLeaves(byTearDown: Bool) throws {
        let owner = Owner()
        let parts = [Part(price: 4), Part(price: 6), Part(price: 8)]
        for part in parts { part.answersAtOnce = false }
        try owner.attach(parts)
        var completions: [[Int]] = []
        owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: {
            completions.append($0)
        }
        parts[0].pendingReply?(40)
        if byTearDown {
            try owner.tearDown()
            #expect(completions == [[40]])
        } else {
            try owner.detach(parts[1])
            #expect(completions.isEmpty)
            parts[2].pendingReply?(80)
            #expect(completions == [[40, 80]])
        }
        parts[1].pendingReply?(60)
        #expect(completions.count == 1)
    }

    /// A gather never answered keeps nothing alive: not its receivers' owner.
    @Test func aGatherNeverAnsweredDoesNotKeepTheOwner() throws {
        weak var weakOwner: Owner?
        var part: Part? = Part(price: 1)
        do {
            let owner = Owner()
            weakOwner = owner
            part?.answersAtOnce = false
            try owner.attach(part!)
            owner.center.gather((any StockQuery).self) {
                $0.fetchStock(reply: $1)
            } completion: { _ in
            }
        }
        #expect(weakOwner == nil)
        part = nil
    }

    /// An owner let go without a tear-down takes its controllers with it: a gather waiting on
    /// them completes with what the others answered, exactly once, as after a tear-down (semantics
    /// hunt, finding 4: it never completed).
    @Test func aGatherWaitingOnAnOwnerLetGoWithoutATearDownCompletesOnce() throws {
        weak var weakOwner: Owner?
        var completions: [[Int]] = []
        let keeping = Part(price: 2)
        keeping.answersAtOnce = false
        do {
            let owner = Owner()
            weakOwner = owner
            try owner.attach([Part(price: 1), keeping])
            owner.center.gather((any StockQuery).self) {
                $0.fetchStock(reply: $1)
            } completion: {
                completions.append($0)
            }
            #expect(completions.isEmpty)
        }
        #expect(weakOwner == nil)
        #expect(completions == [[1]])
        // Its late answer is ignored: the gather completed already.
        keeping.pendingReply?(2)
        #expect(completions == [[1]])
    }

    @Test func gatherCompletesAtOnceWhenEveryoneRepliesSynchronouslyOrNobodyListens() throws {
        let owner = Owner()
        try owner.attach([Part(price: 4), Part(price: 6)])
        var completions: [[Int]] = []
        owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: {
            completions.append($0)
        }
        #expect(completions == [[4, 6]])
        var empty: [[Int]] = []
        let asked = Owner().center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: {
            empty.append($0)
        }
        #expect(asked == 0)
        #expect(empty == [[]])
    }

    @Test func answeringAGatherTwiceStopsWithADiagnostic() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let owner = Owner()
                let part = Part(price: 1)
                part.answersAtOnce = false
                try? owner.attach(part)
                owner.center.gather((any StockQuery).self) {
                    $0.fetchStock(reply: $1)
                } completion: { _ in
                }
                part.pendingReply?(1)
                part.pendingReply?(2)
            }
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("Part answered StockQuery twice"))
        }
    }

    @Test func preparingAConversationMakesItVisibleInTheDescription() throws {
        let owner = Owner(name: "Screen")
        try owner.attach(Probe("A", journal))
        #expect(!owner.description.contains("PingConversation"))
        owner.center.prepare((any PingConversation).self)
        #expect(owner.description.contains("Probe (initial) speaks PingConversation"))
    }

    /// An async send keeps the delivery rule across its suspensions: a receiver detached before
    /// its turn is skipped, one attached meanwhile is not called.
    @Test func anAsyncSendSkipsAReceiverDetachedBeforeItsTurnAndOneAttachedMeanwhile() async throws {
        let owner = Owner()
        let parts = [Part(price: 1), Part(price: 2), Part(price: 3)]
        try owner.attach(parts)
        let log = Log()
        let reached = await owner.center.send((any RefreshConversation).self) { receiver in
            _ = await receiver.refresh(log: log)
            guard receiver === parts[0] else { return }
            try? owner.detach(parts[1])
            try? owner.attach(Part(price: 4))
        }
        #expect(reached == 2)
        #expect(log.lines == ["start 1", "end 1", "start 3", "end 3"])
    }

    /// Concurrent calls start one after another: one that detaches the others, or tears their owner
    /// down, before its first suspension leaves them uncalled, whichever starts first.
    @Test(arguments: [false, true])
    func aConcurrentSendSkipsAReceiverThatLeftBeforeItsTaskStarted(tearingDown: Bool) async throws {
        let owner = Owner()
        let parts = [Part(price: 1), Part(price: 2), Part(price: 3)]
        try owner.attach(parts)
        let tracer = RecordingTracer()
        owner.addObserver(tracer)
        let log = Log()
        let reached = await owner.center.send((any RefreshConversation).self, concurrently: true) { receiver in
            if tearingDown {
                try? owner.tearDown()
            } else {
                for part in parts where part !== receiver { try? owner.detach(part) }
            }
            _ = await receiver.refresh(log: log)
        }
        #expect(reached == 1)
        #expect(log.lines.count == 2)
        let record = try #require(tracer.dispatches.last { $0.conversation == "RefreshConversation" })
        #expect(record.receivers == ["Part"])
    }

    @Test func aThrowingSendSkipsAReceiverDetachedMeanwhileAndReportsOnlyWhoThrew() throws {
        let owner = Owner()
        let parts = [Part(price: 1, problem: Invalid(field: "a")), Part(price: 2, problem: Invalid(field: "b"))]
        try owner.attach(parts)
        do {
            try owner.center.send((any FormConversation).self) { receiver in
                if receiver === parts[0] { try? owner.detach(parts[1]) }
                try receiver.validate()
            }
            Issue.record("the first receiver's error was not thrown")
        } catch {
            #expect(error.failures.map(\.receiver) == ["Part"])
            let thrown = error.failures.map { $0.error as? Invalid }
            #expect(thrown == [Invalid(field: "a")])
        }
        #expect(owner.center.send((any FormConversation).self) { _ in } == 1)
    }

    @Test func aGatherSkipsAReceiverDetachedBeforeItIsAskedAndCompletesOnce() throws {
        let owner = Owner()
        let parts = [Part(price: 1), Part(price: 2)]
        try owner.attach(parts)
        var completions: [[Int]] = []
        let asked = owner.center.gather((any StockQuery).self) { receiver, reply in
            if receiver === parts[0] { try? owner.detach(parts[1]) }
            receiver.fetchStock(reply: reply)
        } completion: {
            completions.append($0)
        }
        #expect(asked == 1)
        #expect(completions == [[1]])
    }

    /// A receiver that leaves from inside its question and answers before returning is left out,
    /// as the gather promises for every receiver that left before answering (async hunt, finding
    /// 4: its answer was counted).
    @Test func aReceiverThatLeavesFromInsideItsQuestionAndAnswersAtOnceIsLeftOut() throws {
        let owner = Owner()
        try owner.attach([Part(price: 1), LeavingAnswerer(), Part(price: 3)])
        var completions: [[Int]] = []
        owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: {
            completions.append($0)
        }
        #expect(completions == [[1, 3]])
    }

    /// An async send keeps no owner across a suspension: an owner the app lets go of while a
    /// receiver is suspended goes at once, and the send calls nobody more, as after a tear-down
    /// (async hunt, finding 2: the send kept it, its controllers and their tasks until it returned).
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func anOwnerLetGoWhileAnAsyncSendIsSuspendedIsFreedAtOnce(concurrently: Bool) async throws {
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let loader = SlowLoader()
        let log = Log()
        // One receiver for a concurrent send: a second would start whenever its task got the main
        // actor, before or after the owner went.
        try owner?.attach(concurrently ? [loader] : [loader, Part(price: 2)])
        let center = try #require(owner?.center)
        var sending: Task<Int, Never>?
        await withCheckedContinuation { entered in
            loader.entered = entered
            sending = Task {
                await center.send((any RefreshConversation).self, concurrently: concurrently) {
                    _ = await $0.refresh(log: log)
                }
            }
        }
        owner = nil
        #expect(weakOwner == nil)
        loader.finish()
        #expect(await sending?.value == 1)
        #expect(log.lines == ["loading"])
    }
}

/// Detaches itself from inside the stock question, then answers at once.
@MainActor
final class LeavingAnswerer: BusinessController, StockQuery {
    weak var owner: Owner?

    func fetchStock(reply: Reply<Int>) {
        try? owner?.detach(self)
        reply(5)
    }
}

/// Refreshes until the test lets it finish, telling the test once it is suspended.
@MainActor
final class SlowLoader: BusinessController, RefreshConversation {
    weak var owner: Owner?
    var entered: CheckedContinuation<Void, Never>?
    private var gate: CheckedContinuation<Void, Never>?

    func refresh(log: Log) async -> String {
        log.lines.append("loading")
        await withCheckedContinuation { gate in
            self.gate = gate
            entered?.resume()
            entered = nil
        }
        return "loaded"
    }

    func finish() {
        gate?.resume()
        gate = nil
    }
}

/// Answers 1 to `PriceQuery`, and detaches its victim while answering.
@MainActor
final class Detaching: BusinessController, PriceQuery {
    weak var owner: Owner?
    let victim: any BusinessController

    init(victim: any BusinessController) {
        self.victim = victim
    }

    var price: Int {
        try? owner?.detach(victim)
        return 1
    }
}
