import Crypto
import Foundation

/// SHA-256 content hashes, the keys of blobs.
package enum ContentHash {
    /// Lowercase hexadecimal SHA-256 of `data`.
    package static func sha256Hex(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// Lowercase hexadecimal of a finished digest.
    package static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(64)
        for byte in digest {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension ContentHash {
    /// Base64 of the SHA-256 of `data` (the form Content-Security-Policy hashes use).
    package static func sha256Base64(_ data: Data) -> String {
        Data(SHA256.hash(data: data)).base64EncodedString()
    }
}
