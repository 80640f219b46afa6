import Foundation
import Testing

@testable import BCKitInspector

@Suite struct SHA256Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The examples of FIPS 180-4 (NIST's "SHA256.pdf" and "SHA2_Additional.pdf"): one block, two
    /// blocks, and a million `a`s.
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func theStandardsExamplesHashToTheirDigests(message: String, digest: String) {
        #expect(hex(SHA256.digest(of: Array(message.utf8))) == digest)
    }

    @Test func aMillionAsHashToTheStandardsDigest() {
        let digest = SHA256.digest(of: repeatElement(UInt8(ascii: "a"), count: 1_000_000))
        #expect(hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding's edges (55 bytes fit one block with the length, 56 do not);
    /// the digests are Python's `hashlib.sha256(b"a" * n)`, an independent implementation.
    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
    ])
    func lengthsAroundABlockEdgeArePadded(length: Int, digest: String) {
        #expect(hex(SHA256.digest(of: [UInt8](repeating: UInt8(ascii: "a"), count: length))) == digest)
    }

    @Test func aMessageHashedInPiecesGivesTheDigestOfTheWhole() {
        let message = Array("The quick brown fox jumps over the lazy dog, then over it again and again.".utf8)
        var hasher = SHA256()
        for piece in stride(from: 0, to: message.count, by: 7) {
            hasher.update(with: message[piece..<min(piece + 7, message.count)])
        }
        #expect(hasher.finalize() == SHA256.digest(of: message))
    }

    @Test func aPolicyDigestIsTheBase64OfTheHashWithItsAlgorithm() {
        // The digest of nothing, as CSP examples write it.
        #expect(InspectorPage.digest(of: "") == "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }
}
