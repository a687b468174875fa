import Foundation
import ResultModel

/// Collects the lines a test prints, bounded, and turns them into ``CapturedOutput`` (inline or a blob).
struct OutputBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var droppedBytes = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
        guard bytes.count + line.count + 1 <= limit else {
            droppedBytes += line.count + 1
            return
        }
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
    }

    mutating func reset() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 16)
        droppedBytes = 0
    }

    /// The output as a record value: inline up to `inlineLimit` bytes, otherwise a blob stored in `sink`.
    func captured(inlineLimit: Int, sink: any ResultSink) throws -> CapturedOutput? {
        guard !bytes.isEmpty else { return nil }
        var content = bytes
        if droppedBytes > 0 {
            content.append(
                contentsOf: Array("[resultbundle: \(droppedBytes) more bytes of output were dropped]\n".utf8))
        }
        if content.count <= inlineLimit {
            return CapturedOutput(text: String(decoding: content, as: UTF8.self))
        }
        return CapturedOutput(blob: try sink.storeBlob(Data(content)))
    }
}
