// The owner's hooks into controller tasks: each is one call from the core.

extension Owner {
    /// The side table of the controllers' tasks, made on first use.
    var controllerTasks: ControllerTasks {
        if let tasks { return tasks }
        let made = ControllerTasks()
        made.owner = self
        tasks = made
        return made
    }

    /// Cancels the tasks of a controller that is leaving.
    func cancelTasks(of controller: any BusinessController) {
        tasks?.cancel(ObjectIdentifier(controller))
    }

    /// Starts or cancels the tasks that run only while the owner is appeared.
    func updateAppearanceTasks() {
        tasks?.ownerMoved(to: state)
    }

    /// The tasks not finished yet, also those cancelled but still running, in the order they
    /// started, with the controller each works for.
    package var unfinishedTasks: [(controller: ObjectIdentifier, name: String, task: Task<Void, Never>)] {
        (tasks?.runs ?? []).compactMap { run in run.task.map { (run.controller, run.name, $0) } }
    }
}
