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
}
