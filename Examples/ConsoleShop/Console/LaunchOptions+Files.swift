import Foundation

extension LaunchOptions {
    /// Checks the files the options name, before anything launches: a script or a recording to
    /// compare that cannot be read, or an output file that cannot be written, would otherwise be
    /// found only after the shop had opened, or after the whole session had run.
    ///
    /// An output file (`--record`, `--inspect`, `--save-recording`, `--state`) may not exist yet,
    /// but its folder must, and both must be writable.
    ///
    /// - Throws: ``LaunchError`` naming the first file that cannot be used and what to do.
    public func checkFiles() throws(LaunchError) {
        if let scriptPath { try Self.checkReadable(scriptPath, for: "--script") }
        for path in comparedPaths { try Self.checkReadable(path, for: "--compare") }
        let outputs = [
            ("--record", recordPath), ("--inspect", inspectPath), ("--save-recording", savedRecordingPath),
            ("--state", statePath),
        ]
        for case let (option, path?) in outputs { try Self.checkWritable(path, for: option) }
    }

    private static func checkReadable(_ path: String, for option: String) throws(LaunchError) {
        var isFolder: ObjCBool = false
        let files = FileManager.default
        guard files.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            files.isReadableFile(atPath: path)
        else { throw .unreadableFile(option, path: path) }
    }

    private static func checkWritable(_ path: String, for option: String) throws(LaunchError) {
        var isFolder: ObjCBool = false
        let files = FileManager.default
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw .unwritableFile(option, path: path, reason: "it is a folder") }
            if !files.isWritableFile(atPath: path) {
                throw .unwritableFile(option, path: path, reason: "it is not writable")
            }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard files.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unwritableFile(option, path: path, reason: "the folder '\(folder)' does not exist")
        }
        guard files.isWritableFile(atPath: folder) else {
            throw .unwritableFile(option, path: path, reason: "the folder '\(folder)' is not writable")
        }
    }
}
