public import Foundation

/// The inspector page: one self-contained HTML file made from a recording, with its style and
/// script inline and the recording embedded as JSON Lines, that loads nothing from outside.
///
/// ```swift
/// let html = InspectorPage.html(recording: recorder.jsonLines)
/// try InspectorPage.write(recording: recorder.jsonLines, to: URL(filePath: "session.html"))
/// ```
///
/// The page shows the owner tree at the selected moment, the timeline of dispatches with their
/// nesting and filters, the selected dispatch's sender and receivers, and who talks to whom. The
/// moment is in the URL (`#t=42`). A `Content-Security-Policy` allows only the inline script and
/// style. Once rendered, the page sets `data-inspector="ready"` and `data-dispatches` on `<html>`
/// (`data-inspector="error"` if it threw), and for measurements `data-render-ms` (its script's
/// run), `data-ready-ms` (from navigation to ready) and, after each filter, `data-filter-ms`.
public enum InspectorPage {
    /// The page for a recording in the format of ``InspectorRecorder`` (<doc:RecordingFormat>),
    /// made by this library or by another tool.
    ///
    /// - Parameters:
    ///   - recording: The recording's JSON Lines.
    ///   - title: The page's title.
    /// - Returns: The HTML.
    public static func html(recording: String, title: String = "BCKit Inspector") -> String {
        // `<` stands only inside JSON strings, where `\u003c` means the same: so nothing in the
        // recording, whoever wrote it, can end the script block or open a comment in it.
        let embedded = recording.replacingOccurrences(of: "<", with: "\\u003c")
        // Split first, so neither the title nor the recording is searched for the other's marker.
        let parts = template.components(separatedBy: "{{recording}}")
        return parts[0].replacingOccurrences(of: "{{title}}", with: escapeHTML(title)) + embedded + parts[1]
    }

    /// Writes the page for a recording to a file.
    ///
    /// - Parameters:
    ///   - recording: The recording's JSON Lines.
    ///   - url: The HTML file to write.
    ///   - title: The page's title.
    /// - Throws: The file system's error.
    public static func write(recording: String, to url: URL, title: String = "BCKit Inspector") throws {
        try Data(html(recording: recording, title: title).utf8).write(to: url, options: .atomic)
    }

    static func escapeHTML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
