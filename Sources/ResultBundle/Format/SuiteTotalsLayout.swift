import ResultModel

/// Where a run's suite totals are (format 1.9): the offsets of its suite totals frames, in file order, how many
/// entries they hold, and how many of those continue a suite an earlier frame of the run already holds. The index's
/// run list holds it under `suites`; a run without it (an older bundle, a rebuilt index) has its suites counted from
/// its tests.
struct RunSuiteTotals: Equatable {
    /// The number of entries in the run's frames.
    var entries: Int
    /// The offsets of the run's suite totals frames, in file order.
    var frames: [Int64]
    /// Entries whose suite an earlier frame of the run holds too (its tests arrived apart, as parallel runs
    /// interleave them): 0 when every suite's totals are whole in one entry, so a reader takes the frames one at a
    /// time; otherwise it sums the parts of each suite.
    var split: Int = 0
}

/// The inflated payload of a suite totals frame (docs/FORMAT.md, "Suite totals"): magic, layout version, the run's
/// index, the entry count, then the entries in ``ResultModel/SuitePlace`` order. An entry is a flags byte (bit 0: it
/// has a module), the module (when flagged) and the suite count as UInt32, each suite name (UInt32 length, UTF-8),
/// then ten UInt64 counts (tests, passed, failed, skipped, expected failures, warnings, interrupted, flaky, test
/// cases, parameterized tests, all ones for unknown) and the summed duration as a Float64.
enum SuiteTotalsLayout {
    static let magic: [UInt8] = Array("RBST".utf8)
    static let layoutVersion: UInt32 = 1
    /// Magic, layout version, run index, entry count.
    static let headerSize = 16
    /// The suites a writer holds before it writes them out: with names of about 50 bytes, under 1 MiB of table,
    /// and one frame for the common run of fewer suites.
    static let suitesPerFrame = 4_096
    /// The most bytes of names a writer puts in one frame (or holds before it writes them): with long names, a
    /// frame holds fewer suites, and stays far under the frame limit.
    static let nameBytesPerFrame = 8 << 20
    private static let unknownCount = UInt64.max

    /// The payload for `suites` of run `runIndex`, in the order given.
    static func payload(runIndex: Int, _ suites: [SuiteTotals]) -> [UInt8] {
        var bytes = magic
        bytes.appendLittleEndian(layoutVersion)
        bytes.appendLittleEndian(UInt32(runIndex))
        bytes.appendLittleEndian(UInt32(suites.count))
        for suite in suites {
            bytes.append(suite.place.module == nil ? 0 : 1)
            if let module = suite.place.module { appendName(module, to: &bytes) }
            bytes.appendLittleEndian(UInt32(suite.place.suites.count))
            for name in suite.place.suites { appendName(name, to: &bytes) }
            let totals = suite.totals
            for count in [
                totals.tests, totals.passed, totals.failed, totals.skipped, totals.expectedFailures, totals.warnings,
                totals.interrupted, totals.flaky, totals.testCases,
            ] {
                bytes.appendLittleEndian(UInt64(clamping: count))
            }
            bytes.appendLittleEndian(totals.parameterizedTests.map { UInt64(clamping: $0) } ?? unknownCount)
            bytes.appendLittleEndian(totals.duration.bitPattern)
        }
        return bytes
    }

    private static func appendName(_ name: String, to bytes: inout [UInt8]) {
        bytes.appendLittleEndian(UInt32(name.utf8.count))
        bytes.append(contentsOf: name.utf8)
    }

    /// The run index and the entries of `payload` that `include` takes (from their counts: names are built only for
    /// those), checking its magic, version and that every entry lies within it.
    static func read(_ payload: [UInt8], where include: (ResultTotals) throws -> Bool = { _ in true }) throws -> (
        runIndex: Int, suites: [SuiteTotals]
    ) {
        var reader = Reader(bytes: payload)
        guard payload.count >= headerSize, Array(payload[0..<4]) == magic else {
            throw BundleError(.damaged, "suite totals frame: bad magic")
        }
        reader.position = 4
        let version = try reader.uint32()
        guard version == layoutVersion else {
            throw BundleError(.damaged, "suite totals frame: unknown layout \(version)")
        }
        let runIndex = Int(try reader.uint32())
        let count = Int(try reader.uint32())
        var suites: [SuiteTotals] = []
        var names: [Range<Int>] = []
        for _ in 0..<count {
            let flags = try reader.byte()
            let module = flags & 1 == 0 ? nil : try reader.name()
            let suiteCount = Int(try reader.uint32())
            guard suiteCount <= (payload.count - reader.position) / 4 else {
                throw BundleError(.damaged, "suite totals frame: an entry at byte \(reader.position) runs past the end")
            }
            names.removeAll(keepingCapacity: true)
            for _ in 0..<suiteCount { names.append(try reader.name()) }
            var totals = ResultTotals()
            totals.tests = try reader.count()
            totals.passed = try reader.count()
            totals.failed = try reader.count()
            totals.skipped = try reader.count()
            totals.expectedFailures = try reader.count()
            totals.warnings = try reader.count()
            totals.interrupted = try reader.count()
            totals.flaky = try reader.count()
            totals.testCases = try reader.count()
            let parameterized = try reader.uint64()
            totals.parameterizedTests = parameterized == unknownCount ? nil : Int(clamping: parameterized)
            totals.duration = Double(bitPattern: try reader.uint64())
            guard try include(totals) else { continue }
            let place = SuitePlace(
                runIndex: runIndex, module: module.map(reader.string), suites: names.map(reader.string))
            suites.append(SuiteTotals(place: place, totals: totals))
        }
        guard reader.position == payload.count else {
            throw BundleError(
                .damaged, "suite totals frame: \(payload.count - reader.position) bytes after its \(count) entries")
        }
        return (runIndex, suites)
    }

    /// Reads the payload's fields in order, refusing to read past its end.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        private mutating func take(_ size: Int) throws -> Int {
            guard size <= bytes.count - position else {
                throw BundleError(.damaged, "suite totals frame: an entry at byte \(position) runs past the end")
            }
            defer { position += size }
            return position
        }

        mutating func byte() throws -> UInt8 { bytes[try take(1)] }
        mutating func uint32() throws -> UInt32 { bytes.readLittleEndian(UInt32.self, at: try take(4)) }
        mutating func uint64() throws -> UInt64 { bytes.readLittleEndian(UInt64.self, at: try take(8)) }
        mutating func count() throws -> Int { Int(clamping: try uint64()) }

        /// Where the next name's bytes are.
        mutating func name() throws -> Range<Int> {
            let length = Int(try uint32())
            let start = try take(length)
            return start..<start + length
        }

        func string(_ name: Range<Int>) -> String { String(decoding: bytes[name], as: UTF8.self) }
    }
}
