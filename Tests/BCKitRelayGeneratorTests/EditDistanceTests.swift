import Testing

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("cartDidChange", "cartDidChange", 0),
        ("cartDidChange", "cartDidChang", 1),
        ("cartDidChange", "cartdidchange", 2),
        ("cartDidChange", "cartDidChnage", 1),
        ("Quiet", "Quite", 1),
        ("cartDidChange", "catrDidChnage", 2),
        ("ab", "ba", 1),
        ("volumeDidMute", "volumeDidMuted", 1),
        ("", "ab", 2),
    ])
    func nearNamesHaveTheirDistance(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(a, b, limit: 2) == distance)
        #expect(EditDistance.between(b, a, limit: 2) == distance)
    }

    @Test(arguments: [
        ("cartDidChange", "cartWasCleared"), ("load", "reloadAll"), ("a", "abcd"), ("cartDidChange", "catrDidChnaeg"),
    ])
    func namesFartherThanTheLimitHaveNone(a: String, b: String) {
        #expect(EditDistance.between(a, b, limit: 2) == nil)
    }
}
