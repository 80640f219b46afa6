import Testing

@Suite struct MarkerTests {
    private func markers(_ comments: String...) -> Set<Marker> {
        Marker.markers(in: comments.enumerated().map { Comment(text: $1, line: $0 + 1) })
    }

    @Test func aDocCommentTagMarksTheDeclaration() {
        #expect(markers("/// Sent once.", "/// - Retained") == [.retained])
        #expect(markers("/// - Quiet: nobody handling it is normal.") == [.quiet])
        #expect(markers("/**\n * - Retained\n * - Quiet\n */") == [.retained, .quiet])
    }

    /// A `String` holds Windows' `\r\n` as one `Character`, which is still a line break.
    @Test(arguments: ["\r\n", "\r"])
    func aBlockCommentKeepsItsMarkersAndSlipsWhateverItsLineBreaks(lineBreak: String) {
        let comment = ["/**", " * Sent once.", " * - Retained", " * - Quiet", " * - Retaned", " */"]
        #expect(markers(comment.joined(separator: lineBreak)) == [.retained, .quiet])
        #expect(slips(comment.joined(separator: lineBreak)) == ["5: - Retaned -> Retained"])
    }

    @Test(arguments: ["/// - Retained.", "/// - Retained (kept for late joiners)", "/// - Retained — for late joiners"])
    func aMarkerEndedByPunctuationIsOne(comment: String) {
        #expect(markers(comment) == [.retained])
    }

    /// A plain comment is no documentation, so DocC would not show the tag, and a block of code
    /// commented out with `/* */` keeps its doc comments, which mark nothing any more.
    @Test func aTagInACommentThatIsNotDocumentationIsNoMarker() {
        #expect(markers("// - NotAMessage").isEmpty)
        #expect(markers("/*\n/// - Retained\nfunc gone()\n*/").isEmpty)
        #expect(markers("/* - Quiet */").isEmpty)
    }

    @Test func otherTagsAndProseAreNotMarkers() {
        #expect(
            markers("/// - Parameter count: The count.", "/// Retained for later.", "/// - Returns: Nothing.").isEmpty)
        #expect(markers("/// - RetainedForever").isEmpty)
        #expect(markers("/// - Retained messages are replayed elsewhere; this one is not.").isEmpty)
        #expect(markers("/// - Retained-message replays go through the cache instead.").isEmpty)
        #expect(markers("/// - Quiet-mode hosts log it anyway.").isEmpty)
        #expect(markers("/// - Retained's key is the conversation's.").isEmpty)
    }

    @Test func eachMarkerIsAtMostEightTokens() throws {
        for marker in Marker.allCases {
            #expect(marker.spelling.matches(of: /\w+|[^\s\w]/).count <= 8)
        }
    }

    private func slips(_ comments: String...) -> [String] {
        Marker.slips(in: comments.enumerated().map { Comment(text: $1, line: $0 + 1) }).map {
            "\($0.line): \($0.written) -> \($0.meant.rawValue)" + ($0.isInPlainComment ? " (plain)" : "")
        }
    }

    @Test(arguments: [
        ("/// - Retain", "1: - Retain -> Retained"),
        ("/// - retained", "1: - retained -> Retained"),
        ("/// * Retained", "1: * Retained -> Retained"),
        ("/// - Retaind: kept for later.", "1: - Retaind -> Retained"),
        ("/// - Retain.", "1: - Retain -> Retained"),
        ("/// - Quite (nobody needs it)", "1: - Quite -> Quiet"),
        ("/// - Qiet", "1: - Qiet -> Quiet"),
        ("/// - QUIET", "1: - QUIET -> Quiet"),
        ("/// - NotAMesage", "1: - NotAMesage -> NotAMessage"),
        ("/**\n * Sent once.\n * - Retaned\n */", "3: - Retaned -> Retained"),
    ])
    func aTagWrittenLikeAMarkerIsASlipAtItsLine(comment: String, slip: String) {
        #expect(slips(comment) == [slip])
    }

    @Test(arguments: [
        ("/// - Parameter retained: Whether the cart is kept.", "the single-parameter form"),
        ("/// - retained: Whether the cart is kept.", "a parameter's item without the list"),
        ("/// - quiet: Whether nobody is told.", "a parameter's item without the list"),
    ])
    func aParameterItemIsNoSlip(comment: String, form: String) {
        #expect(slips(comment).isEmpty, "\(form)")
    }

    @Test func theItemsOfAParameterListAreNoSlips() {
        #expect(
            slips(
                "/// Saves the cart.", "///", "/// - Parameters:", "///   - retained: Whether the cart is kept.",
                "///   - quiet: Whether nobody is told.", "///   - Retained", "///   - quiet",
                "/// - Returns: Nothing."
            ).isEmpty)
    }

    @Test func aLineOfACodeBlockIsNoSlip() {
        #expect(slips("/// Writes:", "///", "/// ```text", "/// - Retain", "/// * Retained", "/// ```").isEmpty)
        #expect(slips("/// Writes:", "///", "/// ~~~", "/// - Quiet", "/// ~~~").isEmpty)
        #expect(slips("/// Writes:", "///", "///     - Retain", "///     * Retained").isEmpty)
        #expect(slips("/**\n * Writes:\n *\n * ```\n * - Retain\n * ```\n */").isEmpty)
    }

    /// A fence closes where it is closed: a slip after it is still one.
    @Test func aSlipAfterAClosedFenceIsStillOne() {
        #expect(slips("/// ```swift", "/// - Retain", "/// ```", "/// - Retain") == ["4: - Retain -> Retained"])
    }

    @Test func aCommentThatIsNotDocumentationHasNoSlips() {
        #expect(slips("// - Retain", "/* - Retain */", "// * Retained", "//// - Qiet", "/*\n - Qiet\n */").isEmpty)
    }

    /// A marker's own tag in a plain comment marks nothing, and is a slip written as it is; one in
    /// a `/* */` that comments out code, a doc comment or a declaration, is part of that code.
    @Test func aMarkerInAPlainCommentIsASlipUnlessTheCommentHoldsCode() {
        #expect(
            slips(
                "// - Retained", "/* - Quiet */", "/*\n * Sent once.\n * - NotAMessage\n */", "// - Retained messages")
                == [
                    "1: // - Retained -> Retained (plain)", "2: /* - Quiet */ -> Quiet (plain)",
                    "5: * - NotAMessage -> NotAMessage (plain)",
                ])
        #expect(
            slips("/*\n/// - Retained\nfunc gone()\n*/", "/* - Quiet\nfunc old() */", "/*\n@MainActor // - Quiet\n*/")
                .isEmpty)
    }

    /// A `//` line between `///` lines ends the doc comment; the `///` lines after it are one of
    /// their own, so a fence opened before it does not hide them.
    @Test func aCommentThatIsNotDocumentationEndsADocComment() {
        #expect(slips("/// ```", "// note", "/// - Retain") == ["3: - Retain -> Retained"])
    }

    @Test(arguments: ["Quieto", "Quietly", "Quieter", "Quilts", "Retained", "Ret", "Qui"])
    func aWordThatIsNotAMarkerMisspelledIsNoSlip(word: String) {
        #expect(slips("/// - \(word)").isEmpty)
    }

    @Test(arguments: [
        ("Retain", Marker.retained), ("retained", .retained), ("Retaind", .retained), ("Retaned", .retained),
        ("RETAINED", .retained), ("Qiet", .quiet), ("Quite", .quiet), ("quiet", .quiet), ("Quiot", .quiet),
        ("NotAMesage", .notAMessage),
        ("notamessage", .notAMessage),
    ])
    func aMarkerInAnotherCaseCutShortOrMisspelledIsMeant(word: String, marker: Marker) {
        #expect(Marker.meant(by: word[...]) == marker)
    }

    @Test func markersProseBulletsAndOtherTagsAreNoSlips() {
        #expect(
            slips(
                "/// - Retained", "/// - Quiet: nobody handling it is normal.", "/// - Retain the cart for later.",
                "/// - Parameter count: The count.", "/// - Returns: Nothing.", "/// - Note: Quiet.",
                "/// - Requires: A cart.", "/// * Tip", "/// Retained.",
                "/// - Retained messages are replayed elsewhere."
            ).isEmpty)
    }
}
