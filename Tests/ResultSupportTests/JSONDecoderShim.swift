import Foundation

/// Reads a JSON string literal back with Foundation's parser.
enum JSONDecoderShim {
    static func decodeString(_ literal: String) throws -> String {
        try JSONDecoder().decode(String.self, from: Data(literal.utf8))
    }
}
