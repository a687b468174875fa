import Foundation
import ResultModel

extension CapturedOutput {
    /// The largest output kept inline in a record; longer output is stored as a blob.
    static let importInlineLimit = 16 << 10

    /// `text` as a record's output: inline up to ``importInlineLimit`` bytes, else a blob stored in `sink`.
    static func imported(_ text: String, sink: any ResultSink) throws -> CapturedOutput {
        if text.utf8.count <= importInlineLimit { return CapturedOutput(text: text) }
        return CapturedOutput(blob: try sink.storeBlob(Data(text.utf8)))
    }
}
