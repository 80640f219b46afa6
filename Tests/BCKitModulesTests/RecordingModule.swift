import BCKit
import BCKitModules

/// A module that records every call it gets into a shared recorder, prefixed with its id.
@MainActor
final class RecordingModule: Module, AppEventConversation, ModuleNotificationConversation {
    weak var owner: Owner?
    let id: String
    let recorder: Recorder
    var suspendsWhileStarting = false
    var failure: (any Error)?
    var registration: ((inout ServiceRegistryBuilder) throws(ServiceError) -> Void)?

    init(_ id: String, recorder: Recorder) {
        self.id = id
        self.recorder = recorder
    }

    func registerServices(into services: inout ServiceRegistryBuilder) throws(ServiceError) {
        recorder.record("\(id) services")
        try registration?(&services)
    }

    func start(in context: ModuleContext) async throws {
        recorder.record("\(id) begin")
        if suspendsWhileStarting {
            await Task.yield()
        }
        if let failure { throw failure }
        recorder.record("\(id) end")
    }

    func handle(_ request: RouteRequest) {
        recorder.record(
            "\(id) handle \(request.routeName ?? "-") \(request.parameters.values.sorted { $0.key < $1.key })")
    }

    func appDidLaunch() { recorder.record("\(id) launched") }
    func appWillEnterForeground() { recorder.record("\(id) foreground") }
    func appDidEnterBackground() { recorder.record("\(id) background") }
    func appDidOpen(_ url: String) { recorder.record("\(id) open \(url)") }

    func moduleDidReceive(_ notification: ModuleNotification, from sender: ModuleInfo) {
        recorder.record("\(id) got \(notification.name) from \(sender.id)")
    }
}
