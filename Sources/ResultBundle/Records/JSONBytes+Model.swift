import ResultModel

/// Hand-written encoders for the model types on the hot path (tests and everything inside them).
/// Keys match the types' synthesized `Codable` conformance; `RecordLineTests` checks both agree.
extension JSONBytes {
    mutating func encode(_ test: TestRecord) {
        beginObject()
        if test.runIndex != 0 {
            key("runIndex"); int(test.runIndex)
        }
        key("identity"); encode(test.identity)
        field("displayName", test.displayName)
        if let location = test.location { key("location"); encode(location) }
        field("tags", strings: test.tags)
        // The status is left out when it is what the attempts and cases imply (readers compute it then).
        if test.status != test.combinedStatus {
            key("status"); string(test.status.rawValue)
        }
        field("attempts", array: test.attempts) { $0.encode($1) }
        field("cases", array: test.cases) { $0.encode($1) }
        field("properties", array: test.properties) { $0.encode($1) }
        endObject()
    }

    mutating func encode(_ property: NameValue) {
        beginObject()
        key("name"); string(property.name)
        key("value"); string(property.value)
        endObject()
    }

    mutating func encode(_ identity: TestIdentity) {
        beginObject()
        field("module", identity.module)
        field("suites", strings: identity.suites)
        key("name"); string(identity.name)
        endObject()
    }

    mutating func encode(_ location: SourceLocation) {
        beginObject()
        key("file"); string(location.file)
        key("line"); int(location.line)
        field("column", location.column)
        endObject()
    }

    mutating func encode(_ testCase: TestCaseRecord) {
        beginObject()
        key("arguments"); string(testCase.arguments)
        field("caseID", testCase.caseID)
        field("attempts", array: testCase.attempts) { $0.encode($1) }
        endObject()
    }

    mutating func encode(_ attempt: TestAttempt) {
        beginObject()
        key("status"); string(attempt.status.rawValue)
        field("statusReason", attempt.statusReason)
        field("start", attempt.start)
        field("duration", attempt.duration)
        field("issues", array: attempt.issues) { $0.encode($1) }
        field("activities", array: attempt.activities) { $0.encode($1) }
        field("attachments", array: attempt.attachments) { $0.encode($1) }
        field("measurements", array: attempt.measurements) { $0.encode($1) }
        if let output = attempt.output { key("output"); encode(output) }
        field("worker", attempt.worker)
        endObject()
    }

    mutating func encode(_ issue: IssueRecord) {
        beginObject()
        key("kind"); string(issue.kind.rawValue)
        key("message"); string(issue.message)
        if let location = issue.location { key("location"); encode(location) }
        field("details", issue.details)
        field("timestamp", issue.timestamp)
        field("type", issue.type)
        endObject()
    }

    mutating func encode(_ activity: ActivityRecord) {
        beginObject()
        key("title"); string(activity.title)
        field("start", activity.start)
        field("duration", activity.duration)
        key("status"); string(activity.status.rawValue)
        field("issues", array: activity.issues) { $0.encode($1) }
        field("attachments", array: activity.attachments) { $0.encode($1) }
        field("children", array: activity.children) { $0.encode($1) }
        endObject()
    }

    mutating func encode(_ attachment: AttachmentRecord) {
        beginObject()
        key("name"); string(attachment.name)
        key("mediaType"); string(attachment.mediaType)
        key("kind"); string(attachment.kind.rawValue)
        key("blob"); encode(attachment.blob)
        field("timestamp", attachment.timestamp)
        if let location = attachment.location { key("location"); encode(location) }
        endObject()
    }

    mutating func encode(_ blob: BlobReference) {
        beginObject()
        key("sha256"); string(blob.sha256)
        key("size"); int(blob.size)
        endObject()
    }

    mutating func encode(_ output: CapturedOutput) {
        beginObject()
        field("text", output.text)
        if let blob = output.blob { key("blob"); encode(blob) }
        endObject()
    }

    mutating func encode(_ measurement: MeasurementRecord) {
        beginObject()
        key("metricID"); string(measurement.metricID)
        key("name"); string(measurement.name)
        key("unit"); string(measurement.unit)
        field("values", array: measurement.values) { $0.double($1) }
        key("polarity"); string(measurement.polarity.rawValue)
        field("baselineAverage", measurement.baselineAverage)
        field("baselineName", measurement.baselineName)
        if let values = measurement.baselineValues {
            key("baselineValues")
            beginArray()
            for value in values { double(value) }
            endArray()
        }
        key("maxPercentRelativeStandardDeviation"); double(measurement.maxPercentRelativeStandardDeviation)
        key("maxStandardDeviation"); double(measurement.maxStandardDeviation)
        key("maxPercentRegression"); double(measurement.maxPercentRegression)
        key("maxRegression"); double(measurement.maxRegression)
        endObject()
    }
}

extension JSONBytes {
    /// A suite record in the form its `Codable` conformance reads (arrays always present, `nil`s left out).
    mutating func encode(_ suite: SuiteRecord) {
        beginObject()
        key("runIndex"); int(suite.runIndex)
        field("module", suite.module)
        key("path"); beginArray()
        for element in suite.path { string(element) }
        endArray()
        field("start", suite.start)
        field("duration", suite.duration)
        field("status", suite.status?.rawValue)
        key("issues"); beginArray()
        for issue in suite.issues { encode(issue) }
        endArray()
        if let output = suite.output { key("output"); encode(output) }
        key("properties"); beginArray()
        for property in suite.properties { encode(property) }
        endArray()
        field("hostname", suite.hostname)
        endObject()
    }
}
