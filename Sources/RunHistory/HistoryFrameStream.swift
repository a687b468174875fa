import CZlib
import Foundation
import ResultSupport

/// Writes one frame of a history file whose payload is handed over in pieces: the payload is deflated as it comes
/// (the same bytes ``HistoryFormat/frame(_:payload:major:)`` makes of it whole) and written after room left for the
/// frame header, which is written last, once the lengths and checksum are known.
final class HistoryFrameStream {
    private let file: POSIXFile
    private let type: HistoryFormat.FrameType
    private let start: Int
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 16)
    private var written = 0
    private var payloadLength = 0
    private var storedCRC: uLong = 0
    private var isOpen = false
    private let url: URL

    /// A frame of `type` written at byte `start` of `file` (the history at `url`, for messages).
    init(_ type: HistoryFormat.FrameType, in file: POSIXFile, at start: Int, url: URL) throws {
        self.file = file
        self.type = type
        self.start = start
        self.url = url
        guard deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw HistoryError(.io, "cannot compress a history frame (zlib)")
        }
        isOpen = true
    }

    deinit { if isOpen { deflateEnd(&stream) } }

    /// Adds `bytes` to the payload.
    func write(_ bytes: [UInt8]) throws {
        payloadLength += bytes.count
        try bytes.withUnsafeBufferPointer { try deflate($0, finishing: false) }
    }

    /// Ends the payload, writes the frame header, and returns where the frame ends.
    func finish() throws -> Int {
        try deflate(UnsafeBufferPointer(start: nil, count: 0), finishing: true)
        deflateEnd(&stream)
        isOpen = false
        guard payloadLength <= HistoryFormat.maxPayloadBytes, written <= HistoryFormat.maxPayloadBytes else {
            throw HistoryError(
                .tooLarge, "a history frame would be over the \(HistoryFormat.maxPayloadBytes) bytes a frame may hold",
                file: url.path)
        }
        var header: [UInt8] = [type.rawValue, 0, 0, 0]
        header.appendLittleEndian(UInt32(written))
        header.appendLittleEndian(UInt32(payloadLength))
        let headerCRC = header.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        header.appendLittleEndian(UInt32(crc32_combine(headerCRC, storedCRC, off_t(written))))
        try put(header[...], at: start)
        return start + HistoryFormat.frameHeaderSize + written
    }

    private func deflate(_ input: UnsafeBufferPointer<UInt8>, finishing: Bool) throws {
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        while true {
            let status = output.withUnsafeMutableBufferPointer { target -> Int32 in
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.deflate(&stream, finishing ? Z_FINISH : Z_NO_FLUSH)
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                throw HistoryError(.io, "cannot compress a history frame (zlib \(status))")
            }
            let produced = output.count - Int(stream.avail_out)
            if produced > 0 {
                storedCRC = output.withUnsafeBufferPointer { crc32(storedCRC, $0.baseAddress, uInt(produced)) }
                try put(output[..<produced], at: start + HistoryFormat.frameHeaderSize + written)
                written += produced
            }
            if finishing ? status == Z_STREAM_END : (stream.avail_in == 0 && stream.avail_out > 0) { return }
        }
    }

    private func put(_ bytes: ArraySlice<UInt8>, at offset: Int) throws {
        do {
            try bytes.withUnsafeBytes { try file.write($0, at: Int64(offset)) }
        } catch {
            throw HistoryError(
                .io, "cannot write the history: \(systemReason(error))", file: url.path, underlying: error)
        }
    }
}
