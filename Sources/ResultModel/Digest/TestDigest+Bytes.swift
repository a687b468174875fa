/// A digest as bytes, for a command that keeps its digests on disk rather than in memory: its fields in a fixed
/// order (lengths and numbers little-endian), with its place in its run and what its wall-clock share is made of
/// (``SerialWallClockShares/Basis``). Read back only by the same process: not a format.
extension TestDigest {
    /// Appends `self`, at `position` in its run, with its share's `basis`, to `bytes`.
    public func append(position: Int, basis: SerialWallClockShares.Basis, to bytes: inout [UInt8]) {
        let writer = DigestBytesWriter(bytes: bytes)
        bytes = []
        writer.integer(position)
        writer.integer(runIndex)
        writer.integer(attempts)
        writer.string(status.rawValue)
        writer.flag(isFlaky)
        writer.string(test)
        writer.optional(arguments, writer.string)
        writer.optional(configuration, writer.string)
        writer.optional(duration, writer.number)
        writer.optional(start, writer.number)
        writer.optional(message, writer.string)
        writer.optional(cause) {
            writer.string($0.kind)
            writer.string($0.text)
        }
        writer.integer(measurements.count)
        for measurement in measurements {
            writer.string(measurement.metric)
            writer.string(measurement.name)
            writer.string(measurement.unit)
            writer.number(measurement.average)
            writer.flag(measurement.largerIsBetter)
            writer.number(measurement.maxPercentRegression)
            writer.number(measurement.maxRegression)
        }
        writer.basis(basis)
        bytes = writer.bytes
    }

    /// Reads a digest appended by ``append(position:basis:to:)`` at `offset` of `bytes`, moving `offset` past it.
    /// Its wall-clock share is the basis resolved with `factor` (the factor of its run).
    public static func read(
        _ bytes: UnsafeRawBufferPointer, at offset: inout Int, factor: (Int) -> Double
    ) -> (digest: TestDigest, position: Int) {
        let reader = DigestBytesReader(bytes: bytes, offset: offset)
        defer { offset = reader.offset }
        let position = reader.integer()
        let runIndex = reader.integer()
        let attempts = reader.integer()
        let status = TestStatus(rawValue: reader.string()) ?? .failed
        let isFlaky = reader.flag()
        let test = reader.string()
        let arguments = reader.optional(reader.string)
        let configuration = reader.optional(reader.string)
        let duration = reader.optional(reader.number)
        let start = reader.optional(reader.number)
        let message = reader.optional(reader.string)
        let cause = reader.optional { FailureSignature(kind: reader.string(), text: reader.string()) }
        let measurements = (0..<reader.integer()).map { _ in
            MeasurementDigest(
                metric: reader.string(), name: reader.string(), unit: reader.string(), average: reader.number(),
                largerIsBetter: reader.flag(), maxPercentRegression: reader.number(), maxRegression: reader.number())
        }
        var digest = TestDigest(
            key: RunDigest.key(test: test, arguments: arguments, configuration: configuration), test: test,
            arguments: arguments, configuration: configuration, status: status, duration: duration, start: start,
            runIndex: runIndex, attempts: attempts, isFlaky: isFlaky, message: message, measurements: measurements)
        digest.cause = cause
        digest.wallShare = SerialWallClockShares.share(reader.basis(), factor: factor(runIndex))
        return (digest, position)
    }
}

private final class DigestBytesWriter {
    var bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    func integer(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    func number(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    func string(_ value: String) {
        integer(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    func optional<Value>(_ value: Value?, _ write: (Value) -> Void) {
        flag(value != nil)
        if let value { write(value) }
    }

    func basis(_ value: SerialWallClockShares.Basis) {
        switch value {
        case .none: bytes.append(0)
        case .placed(let share):
            bytes.append(1)
            number(share)
        case .unplaced(let duration):
            bytes.append(2)
            number(duration)
        case .part(let owner, let ratio):
            bytes.append(3)
            number(ratio)
            basis(owner)
        }
    }
}

private final class DigestBytesReader {
    let bytes: UnsafeRawBufferPointer
    var offset: Int

    init(bytes: UnsafeRawBufferPointer, offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    func integer() -> Int {
        defer { offset += 8 }
        return Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
    }

    func number() -> Double {
        defer { offset += 8 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    func flag() -> Bool {
        defer { offset += 1 }
        return bytes[offset] != 0
    }

    func string() -> String {
        let count = integer()
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
    }

    func optional<Value>(_ read: () -> Value) -> Value? { flag() ? read() : nil }

    func basis() -> SerialWallClockShares.Basis {
        let kind = bytes[offset]
        offset += 1
        switch kind {
        case 1: return .placed(number())
        case 2: return .unplaced(number())
        case 3:
            let ratio = number()
            return .part(of: basis(), ratio: ratio)
        default: return .none
        }
    }
}
