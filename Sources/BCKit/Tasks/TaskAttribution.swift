/// Names the controller a controller task works for, so what the task sends is traced as sent by
/// that controller.
///
/// A task local, not a field on the center: a task suspends and interleaves with other work on the
/// main actor, and only a task-local value stays with the task across its suspension points.
enum TaskAttribution {
    /// The name of the controller whose task is running, or `nil` outside every controller task.
    @TaskLocal static var sender: String?
}
