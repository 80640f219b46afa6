import Testing

@Suite struct MarkerTests {
    private func markers(_ comments: String...) -> Set<Marker> {
        Marker.markers(in: comments.enumerated().map { Comment(text: $1, line: $0 + 1) })
    }

    @Test func aDocCommentTagMarksTheDeclaration() {
        #expect(markers("/// Sent once.", "/// - Retained") == [.retained])
        #expect(markers("/// - Quiet: nobody handling it is normal.") == [.quiet])
        #expect(markers("// - NotAMessage") == [.notAMessage])
        #expect(markers("/**\n * - Retained\n * - Quiet\n */") == [.retained, .quiet])
    }

    @Test func otherTagsAndProseAreNotMarkers() {
        #expect(
            markers("/// - Parameter count: The count.", "/// Retained for later.", "/// - Returns: Nothing.").isEmpty)
        #expect(markers("/// - RetainedForever").isEmpty)
    }

    @Test func eachMarkerIsAtMostEightTokens() throws {
        for marker in Marker.allCases {
            #expect(marker.spelling.matches(of: /\w+|[^\s\w]/).count <= 8)
        }
    }

    private func slips(_ comments: String...) -> [String] {
        Marker.slips(in: comments.enumerated().map { Comment(text: $1, line: $0 + 1) }).map {
            "\($0.line): \($0.written) -> \($0.meant.rawValue)"
        }
    }

    @Test(arguments: [
        ("/// - Retain", "1: - Retain -> Retained"),
        ("/// - retained", "1: - retained -> Retained"),
        ("/// * Retained", "1: * Retained -> Retained"),
        ("/// - Retaind: kept for later.", "1: - Retaind -> Retained"),
        ("/// - Qiet", "1: - Qiet -> Quiet"),
        ("/// - QUIET", "1: - QUIET -> Quiet"),
        ("/// - NotAMesage", "1: - NotAMesage -> NotAMessage"),
        ("/**\n * Sent once.\n * - Retaned\n */", "3: - Retaned -> Retained"),
    ])
    func aTagWrittenLikeAMarkerIsASlipAtItsLine(comment: String, slip: String) {
        #expect(slips(comment) == [slip])
    }

    @Test func markersProseBulletsAndOtherTagsAreNoSlips() {
        #expect(
            slips(
                "/// - Retained", "/// - Quiet: nobody handling it is normal.", "/// - Retain the cart for later.",
                "/// - Parameter count: The count.", "/// - Returns: Nothing.", "/// - Note: Quiet.",
                "/// - Requires: A cart.", "/// * Tip", "/// Retained."
            ).isEmpty)
    }
}
