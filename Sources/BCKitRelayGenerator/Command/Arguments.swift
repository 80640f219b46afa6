/// The command line of ``RelayGeneratorCommand``.
struct Arguments: Equatable {
    /// The generated file to write.
    var output: String
    /// The target's own source files.
    var sources: [String] = []
    /// The source files of the targets and products the target depends on.
    var dependencies: [String] = []

    /// A mistake in the command line, which the plugin, not the user, would have made.
    struct Mistake: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Reads `--output <file>`, `--source <file>` and `--dependency <file>`, each option's value
    /// the next argument.
    init(_ arguments: some Sequence<String>) throws(Mistake) {
        var output: String?
        var iterator = arguments.makeIterator()
        while let option = iterator.next() {
            guard let value = iterator.next() else { throw Mistake(description: "\(option) needs a file after it") }
            switch option {
            case "--output": output = value
            case "--source": sources.append(value)
            case "--dependency": dependencies.append(value)
            default:
                throw Mistake(description: "unknown option \(option); use --output, --source or --dependency")
            }
        }
        guard let output else { throw Mistake(description: "--output <file> is required") }
        self.output = output
    }
}
