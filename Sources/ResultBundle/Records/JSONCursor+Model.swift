import Foundation
import ResultModel

/// Hand-written decoders for test records and everything inside them (the format's hot path when reading).
///
/// Rules (see `docs/FORMAT.md`): unknown keys are skipped; `null` equals an absent optional; absent arrays are
/// empty; absent thresholds take XCTest's defaults; unknown enum strings map to the types' `unknown`/`other`.
extension JSONCursor {
    private func missing(_ field: String) -> Failure { failure("missing field \(field)") }

    private mutating func optionalString() throws -> String? { readNull() ? nil : try readString() }
    private mutating func optionalDouble() throws -> Double? { readNull() ? nil : try readDouble() }
    private mutating func optionalInt() throws -> Int? { readNull() ? nil : try readInt() }

    private mutating func stringArray() throws -> [String] {
        if readNull() { return [] }
        var values: [String] = []
        try readArray { values.append(try $0.readString()) }
        return values
    }

    private mutating func repeatingStringArray() throws -> [String] {
        if readNull() { return [] }
        let rest = UnsafeBufferPointer(rebasing: bytes[position...])
        if let strings, let repeated = strings.repeatedArray(startOf: rest) {
            position += repeated.length
            return repeated.array
        }
        let start = position
        var values: [String] = []
        try readArray { values.append(try $0.readRepeatingString()) }
        strings?.remember(values, text: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        return values
    }

    private mutating func array<T>(_ element: (inout JSONCursor) throws -> T) throws -> [T] {
        if readNull() { return [] }
        var values: [T] = []
        try readArray { values.append(try element(&$0)) }
        return values
    }

    mutating func decodeTest() throws -> TestRecord {
        var runIndex = 0
        var identity: TestIdentity?
        var displayName: String?
        var location: SourceLocation?
        var tags: [String] = []
        var status: TestStatus?
        var attempts: [TestAttempt] = []
        var cases: [TestCaseRecord] = []
        var properties: [NameValue] = []
        try readObject { cursor, key in
            if key.equals("identity") {
                identity = try cursor.decodeIdentity()
            } else if key.equals("status") {
                status = try cursor.decodeStatus()
            } else if key.equals("attempts") {
                attempts = try cursor.array { try $0.decodeAttempt() }
            } else if key.equals("runIndex") {
                runIndex = try cursor.readInt()
            } else if key.equals("displayName") {
                displayName = try cursor.optionalString()
            } else if key.equals("location") {
                location = try cursor.decodeOptionalLocation()
            } else if key.equals("tags") {
                tags = try cursor.stringArray()
            } else if key.equals("cases") {
                cases = try cursor.array { try $0.decodeCase() }
            } else if key.equals("properties") {
                properties = try cursor.array { try $0.decodeNameValue() }
            } else {
                try cursor.skipValue()
            }
        }
        guard let identity else { throw missing("test.identity") }
        return TestRecord(
            runIndex: runIndex, identity: identity, displayName: displayName, location: location, tags: tags,
            status: status, attempts: attempts, cases: cases, properties: properties)
    }

    mutating func decodeNameValue() throws -> NameValue {
        var name: String?
        var value = ""
        try readObject { cursor, key in
            if key.equals("name") {
                name = try cursor.optionalString()
            } else if key.equals("value") {
                value = try cursor.optionalString() ?? ""
            } else {
                try cursor.skipValue()
            }
        }
        guard let name else { throw missing("property.name") }
        return NameValue(name: name, value: value)
    }

    mutating func decodeStatus() throws -> TestStatus {
        guard peek() == UInt8(ascii: "\""), let status = Self.status(after: bytes, at: position) else {
            return TestStatus(rawValue: try readString()) ?? .unknown
        }
        position += status.rawValue.utf8.count + 2
        return status
    }

    /// The status whose quoted name starts at `start`, for the common ones; `nil` otherwise.
    private static func status(after bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> TestStatus? {
        let rest = UnsafeBufferPointer(rebasing: bytes[(start + 1)...])
        func spells(_ name: StaticString) -> Bool {
            rest.count > name.utf8CodeUnitCount
                && UnsafeBufferPointer(rebasing: rest[0..<name.utf8CodeUnitCount]).equals(name)
                && rest[name.utf8CodeUnitCount] == UInt8(ascii: "\"")
        }
        switch rest.first {
        case UInt8(ascii: "p"): return spells("passed") ? .passed : nil
        case UInt8(ascii: "f"): return spells("failed") ? .failed : nil
        case UInt8(ascii: "s"): return spells("skipped") ? .skipped : nil
        default: return nil
        }
    }

    mutating func decodeIdentity() throws -> TestIdentity {
        var module: String?
        var suites: [String] = []
        var name: String?
        try readObject { cursor, key in
            if key.equals("name") {
                name = try cursor.readString()
            } else if key.equals("suites") {
                suites = try cursor.repeatingStringArray()
            } else if key.equals("module") {
                module = cursor.readNull() ? nil : try cursor.readRepeatingString()
            } else {
                try cursor.skipValue()
            }
        }
        guard let name else { throw missing("identity.name") }
        return TestIdentity(module: module, suites: suites, name: name)
    }

    mutating func decodeOptionalLocation() throws -> SourceLocation? {
        if readNull() { return nil }
        var file: String?
        var line = 0
        var column: Int?
        try readObject { cursor, key in
            if key.equals("file") {
                file = try cursor.readRepeatingString()
            } else if key.equals("line") {
                line = try cursor.readInt()
            } else if key.equals("column") {
                column = try cursor.optionalInt()
            } else {
                try cursor.skipValue()
            }
        }
        guard let file else { throw missing("location.file") }
        return SourceLocation(file: file, line: line, column: column)
    }

    mutating func decodeCase() throws -> TestCaseRecord {
        var arguments = ""
        var caseID: String?
        var attempts: [TestAttempt] = []
        try readObject { cursor, key in
            if key.equals("arguments") {
                arguments = try cursor.readString()
            } else if key.equals("caseID") {
                caseID = try cursor.optionalString()
            } else if key.equals("attempts") {
                attempts = try cursor.array { try $0.decodeAttempt() }
            } else {
                try cursor.skipValue()
            }
        }
        return TestCaseRecord(arguments: arguments, caseID: caseID, attempts: attempts)
    }

    mutating func decodeAttempt() throws -> TestAttempt {
        // Fields go into locals and the attempt is built once at the end: filling in a default attempt from the
        // closure copied it (a retain and a release per field) on the way out.
        var status: TestStatus?
        var statusReason: String?
        var start: Double?
        var duration: Double?
        var issues: [IssueRecord] = []
        var activities: [ActivityRecord] = []
        var attachments: [AttachmentRecord] = []
        var measurements: [MeasurementRecord] = []
        var output: CapturedOutput?
        var worker: String?
        try readObject { cursor, key in
            if key.equals("status") {
                status = try cursor.decodeStatus()
            } else if key.equals("duration") {
                duration = try cursor.optionalDouble()
            } else if key.equals("start") {
                start = try cursor.optionalDouble()
            } else if key.equals("statusReason") {
                statusReason = try cursor.optionalString()
            } else if key.equals("issues") {
                issues = try cursor.array { try $0.decodeIssue() }
            } else if key.equals("activities") {
                activities = try cursor.array { try $0.decodeActivity() }
            } else if key.equals("attachments") {
                attachments = try cursor.array { try $0.decodeAttachment() }
            } else if key.equals("measurements") {
                measurements = try cursor.array { try $0.decodeMeasurement() }
            } else if key.equals("output") {
                output = try cursor.decodeOptionalOutput()
            } else if key.equals("worker") {
                worker = try cursor.optionalString()
            } else {
                try cursor.skipValue()
            }
        }
        guard let status else { throw missing("attempt.status") }
        return TestAttempt(
            status: status, statusReason: statusReason, start: start, duration: duration, issues: issues,
            activities: activities, attachments: attachments, measurements: measurements, output: output,
            worker: worker)
    }

    mutating func decodeIssue() throws -> IssueRecord {
        var kind: IssueRecord.Kind?
        var message: String?
        var issue = IssueRecord(kind: .other, message: "")
        try readObject { cursor, key in
            if key.equals("kind") {
                kind = IssueRecord.Kind(rawValue: try cursor.readString()) ?? .other
            } else if key.equals("message") {
                message = try cursor.readString()
            } else if key.equals("location") {
                issue.location = try cursor.decodeOptionalLocation()
            } else if key.equals("details") {
                issue.details = try cursor.optionalString()
            } else if key.equals("timestamp") {
                issue.timestamp = try cursor.optionalDouble()
            } else if key.equals("type") {
                issue.type = try cursor.optionalString()
            } else {
                try cursor.skipValue()
            }
        }
        guard let kind else { throw missing("issue.kind") }
        guard let message else { throw missing("issue.message") }
        issue.kind = kind
        issue.message = message
        return issue
    }

    mutating func decodeActivity() throws -> ActivityRecord {
        var title: String?
        var activity = ActivityRecord(title: "")
        try readObject { cursor, key in
            if key.equals("title") {
                title = try cursor.readString()
            } else if key.equals("status") {
                activity.status = try cursor.decodeStatus()
            } else if key.equals("start") {
                activity.start = try cursor.optionalDouble()
            } else if key.equals("duration") {
                activity.duration = try cursor.optionalDouble()
            } else if key.equals("issues") {
                activity.issues = try cursor.array { try $0.decodeIssue() }
            } else if key.equals("attachments") {
                activity.attachments = try cursor.array { try $0.decodeAttachment() }
            } else if key.equals("children") {
                activity.children = try cursor.array { try $0.decodeActivity() }
            } else {
                try cursor.skipValue()
            }
        }
        guard let title else { throw missing("activity.title") }
        activity.title = title
        return activity
    }

    mutating func decodeAttachment() throws -> AttachmentRecord {
        var name: String?
        var mediaType = "application/octet-stream"
        var kind = AttachmentRecord.Kind.data
        var blob: BlobReference?
        var timestamp: Double?
        var location: SourceLocation?
        try readObject { cursor, key in
            if key.equals("name") {
                name = try cursor.readString()
            } else if key.equals("mediaType") {
                mediaType = try cursor.readRepeatingString()
            } else if key.equals("kind") {
                kind = AttachmentRecord.Kind(rawValue: try cursor.readString()) ?? .other
            } else if key.equals("blob") {
                blob = try cursor.decodeBlob()
            } else if key.equals("timestamp") {
                timestamp = try cursor.optionalDouble()
            } else if key.equals("location") {
                location = try cursor.decodeOptionalLocation()
            } else {
                try cursor.skipValue()
            }
        }
        guard let name else { throw missing("attachment.name") }
        guard let blob else { throw missing("attachment.blob") }
        return AttachmentRecord(
            name: name, mediaType: mediaType, kind: kind, blob: blob, timestamp: timestamp, location: location)
    }

    mutating func decodeBlob() throws -> BlobReference {
        var sha256: String?
        var size: Int?
        try readObject { cursor, key in
            if key.equals("sha256") {
                sha256 = try cursor.readString()
            } else if key.equals("size") {
                size = try cursor.readInt()
            } else {
                try cursor.skipValue()
            }
        }
        guard let sha256 else { throw missing("blob.sha256") }
        guard let size else { throw missing("blob.size") }
        return BlobReference(sha256: sha256, size: size)
    }

    mutating func decodeOptionalOutput() throws -> CapturedOutput? {
        if readNull() { return nil }
        var text: String?
        var blob: BlobReference?
        try readObject { cursor, key in
            if key.equals("text") {
                text = try cursor.optionalString()
            } else if key.equals("blob") {
                blob = cursor.readNull() ? nil : try cursor.decodeBlob()
            } else {
                try cursor.skipValue()
            }
        }
        var output = CapturedOutput(text: "")
        output.text = text
        output.blob = blob
        return output
    }

    mutating func decodeMeasurement() throws -> MeasurementRecord {
        var metricID: String?
        var measurement = MeasurementRecord(metricID: "", name: "", unit: "", values: [])
        try readObject { cursor, key in
            if key.equals("metricID") {
                metricID = try cursor.readString()
            } else if key.equals("name") {
                measurement.name = try cursor.readString()
            } else if key.equals("unit") {
                measurement.unit = try cursor.readString()
            } else if key.equals("values") {
                measurement.values = try cursor.array { try $0.readDouble() }
            } else if key.equals("polarity") {
                measurement.polarity = MeasurementRecord.Polarity(rawValue: try cursor.readString()) ?? .smallerIsBetter
            } else if key.equals("baselineAverage") {
                measurement.baselineAverage = try cursor.optionalDouble()
            } else if key.equals("baselineName") {
                measurement.baselineName = try cursor.optionalString()
            } else if key.equals("baselineValues") {
                measurement.baselineValues = try cursor.array { try $0.readDouble() }
            } else if key.equals("maxPercentRelativeStandardDeviation") {
                measurement.maxPercentRelativeStandardDeviation = try cursor.readDouble()
            } else if key.equals("maxStandardDeviation") {
                measurement.maxStandardDeviation = try cursor.readDouble()
            } else if key.equals("maxPercentRegression") {
                measurement.maxPercentRegression = try cursor.readDouble()
            } else if key.equals("maxRegression") {
                measurement.maxRegression = try cursor.readDouble()
            } else {
                try cursor.skipValue()
            }
        }
        guard let metricID else { throw missing("measurement.metricID") }
        measurement.metricID = metricID
        return measurement
    }
}
