public import Foundation

/// The inspector page: one self-contained HTML file made from a recording, with its style and
/// script inline and the recording embedded as JSON Lines, that loads nothing from outside.
///
/// ```swift
/// let html = InspectorPage.html(recording: recorder.jsonLines)
/// try InspectorPage.write(recording: recorder.jsonLines, to: URL(filePath: "session.html"))
/// ```
///
/// The page shows the owner tree at the selected moment with what changed since the previous
/// one, the timeline of dispatches with their nesting, filters by kind, controller and
/// conversation, and a search; the selected dispatch's sender and receivers; a time axis of nested
/// dispatches with zoom; and who talks to whom around the selection. The moment is in the URL
/// (`#t=42`). A line of the recording that cannot be read is skipped and counted, with a warning;
/// a recording without a readable header shows an error that names the line.
///
/// ``html(comparing:with:title:names:)`` makes the page of two recordings of one screen side by side,
/// aligned, with the first place they differ selected.
///
/// The page's `Content-Security-Policy` allows its own script and style by their SHA-256 digests
/// and nothing else: no other script, no inline event handler, no request. Once rendered, the page
/// sets `data-inspector="ready"` on `<html>` with `data-dispatches` (the dispatches read),
/// `data-skipped` (the lines skipped) and `data-opened` (why it opened where it did), or
/// `data-inspector="error"` when the recording has no readable header. For measurements it also
/// sets `data-render-ms` (its script's run), `data-ready-ms` (from navigation to ready) and, after
/// each filter or search, `data-filter-ms`.
public enum InspectorPage {
    /// The page for a recording in the format of ``InspectorRecorder`` (<doc:RecordingFormat>),
    /// made by this library or by another tool.
    ///
    /// - Parameters:
    ///   - recording: The recording's JSON Lines.
    ///   - title: The page's title.
    /// - Returns: The HTML.
    public static func html(recording: String, title: String = "BCKit Inspector") -> String {
        fill(
            singleMarkup,
            with: [
                "title": escapeHTML(title),
                "recording": embedded(recording),
            ])
    }

    /// The page of two recordings of the same screen, side by side: for a run before and after a
    /// change, or a passing and a failing test.
    ///
    /// The page aligns the two sessions event by event, ignoring timestamps, durations, dispatch
    /// numbers and the numbers of owners and controllers, and selects the first place they
    /// differ. Each later difference is marked, with next and previous: a message sent in one and
    /// not the other, a different set of receivers, a different order, a different tree.
    ///
    /// ```swift
    /// let html = InspectorPage.html(comparing: before.jsonLines, with: after.jsonLines)
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first recording's JSON Lines, shown as A.
    ///   - second: The second recording's JSON Lines, shown as B.
    ///   - title: The page's title.
    ///   - names: What to call A and B on the page, such as their file names.
    /// - Returns: The HTML.
    public static func html(
        comparing first: String,
        with second: String,
        title: String = "BCKit Inspector: two recordings compared",
        names: (first: String, second: String) = ("first recording", "second recording")
    ) -> String {
        fill(
            compareMarkup,
            with: [
                "title": escapeHTML(title),
                "title-a": escapeHTML(names.first),
                "title-b": escapeHTML(names.second),
                "recording-a": embedded(first),
                "recording-b": embedded(second),
            ])
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

    /// Writes the page of two recordings compared (``html(comparing:with:title:names:)``) to a file.
    ///
    /// - Parameters:
    ///   - first: The first recording's JSON Lines, shown as A.
    ///   - second: The second recording's JSON Lines, shown as B.
    ///   - url: The HTML file to write.
    ///   - title: The page's title.
    ///   - names: What to call A and B on the page.
    /// - Throws: The file system's error.
    public static func write(
        comparing first: String,
        with second: String,
        to url: URL,
        title: String = "BCKit Inspector: two recordings compared",
        names: (first: String, second: String) = ("first recording", "second recording")
    ) throws {
        let page = html(comparing: first, with: second, title: title, names: names)
        try Data(page.utf8).write(to: url, options: .atomic)
    }

    /// The page's policy: its own script and style by digest, nothing else. No `'unsafe-inline'`,
    /// so a name that slipped past escaping still could not run an inline handler; `base-uri` and
    /// `form-action` close the two holes `default-src` leaves open.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(digest(of: script))'; style-src '\(digest(of: style))'; "
        + "base-uri 'none'; form-action 'none'"

    /// The CSP source for a text: `sha256-` and the base64 of its SHA-256 digest (CSP 3, 2.3.1).
    static func digest(of text: String) -> String {
        "sha256-" + Data(SHA256.digest(of: Array(text.utf8))).base64EncodedString()
    }

    /// The recording as it goes into the page's data block. `<` stands only inside JSON strings,
    /// where `\u003c` means the same: so nothing in the recording, whoever wrote it, can end the
    /// script block or open a comment in it.
    private static func embedded(_ recording: String) -> String {
        recording.replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The markup with each `{{name}}` replaced once, from left to right; what replaces a mark is
    /// never searched, so neither a title nor a recording can smuggle in a mark of its own.
    static func fill(_ markup: String, with values: [String: String]) -> String {
        let values = values.merging(
            ["csp": contentSecurityPolicy, "style": style, "script": script]) { given, _ in given }
        var page = ""
        var rest = markup[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
            let name = String(rest[open.upperBound..<close.lowerBound])
            guard let value = values[name] else {
                preconditionFailure("InspectorPage: the template names {{\(name)}}, which nothing fills")
            }
            page += rest[..<open.lowerBound]
            page += value
            rest = rest[close.upperBound...]
        }
        return page + rest
    }

    /// `text` with every character that HTML reads as markup written as a reference.
    ///
    /// Walks the text's scalars, not its characters: a character may join a markup scalar to the
    /// one before it (U+0600, a prepended mark, followed by `<` is one character), and compared
    /// as characters, that `<` would reach the page as it is.
    static func escapeHTML(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
