import ResultModel

/// The JSON export's objects (documented in `docs/FORMAT.md`, "JSON export").
enum ExportEncoding {
    static func run(_ run: RunResult, _ json: inout JSONBytes) {
        let record = run.record
        json.beginObject()
        json.key("index"); json.int(run.index)
        json.field("name", record.name)
        json.key("producer"); json.string(record.producer)
        json.key("source"); json.string(record.source)
        json.key("command"); stringArray(record.command, &json)
        json.field("workingDirectory", record.workingDirectory)
        json.field("start", record.start)
        json.field("end", run.end?.end)
        if let code = run.end?.exitCode { json.key("exitCode"); json.int(code) }
        json.key("interrupted"); json.bool(run.end == nil || run.end?.interruption != nil)
        json.field("interruption", run.end?.interruption)
        json.field("wallClock", run.end?.wallClock)
        if let sources = run.end?.sources {
            json.key("sources"); json.beginArray()
            for file in sources {
                json.beginObject()
                json.key("path"); json.string(file.path)
                json.key("sha256"); json.string(file.sha256)
                json.endObject()
            }
            json.endArray()
        }
        json.key("host"); json.beginObject()
        json.field("hostname", record.host.hostname)
        json.field("operatingSystem", record.host.operatingSystem)
        json.field("kernel", record.host.kernel)
        json.field("architecture", record.host.architecture)
        json.field("cpuModel", record.host.cpuModel)
        json.field("cpuCount", record.host.cpuCount)
        json.field("memoryBytes", record.host.memoryBytes)
        json.endObject()
        json.field("toolchain", record.toolchain)
        json.key("environment"); json.beginObject()
        for pair in record.environment { json.key(dynamic: pair.name); json.string(pair.value) }
        json.endObject()
        json.key("inputs"); stringArray(record.inputs, &json)
        if let dirty = record.hasUncommittedChanges { json.key("hasUncommittedChanges"); json.bool(dirty) }
        json.field("uncommittedChangesHash", record.uncommittedChangesHash)
        if let output = run.end?.output { json.key("output"); self.output(output, &json) }
        json.key("diagnostics"); json.beginArray()
        for diagnostic in run.end?.diagnostics ?? [] {
            json.beginObject()
            json.key("severity"); json.string(diagnostic.severity.rawValue)
            json.key("message"); json.string(diagnostic.message)
            json.field("file", diagnostic.file)
            json.field("line", diagnostic.line)
            json.field("byteOffset", diagnostic.byteOffset)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    static func suite(_ suite: SuiteRecord, _ json: inout JSONBytes) {
        json.beginObject()
        json.key("id"); json.string(suite.id)
        json.key("runIndex"); json.int(suite.runIndex)
        json.field("module", suite.module)
        json.key("path"); stringArray(suite.path, &json)
        json.field("status", suite.status?.rawValue)
        json.field("start", suite.start)
        json.field("duration", suite.duration)
        json.key("issues"); issues(suite.issues, &json)
        if let output = suite.output { json.key("output"); self.output(output, &json) }
        json.key("properties"); json.beginObject()
        for pair in suite.properties { json.key(dynamic: pair.name); json.string(pair.value) }
        json.endObject()
        json.field("hostname", suite.hostname)
        json.endObject()
    }

    static func test(_ test: TestRecord, _ json: inout JSONBytes) {
        let final = test.finalAttempt
        json.beginObject()
        json.key("id"); json.string(test.id)
        json.key("name"); json.string(test.identity.name)
        json.field("displayName", test.displayName)
        json.field("module", test.identity.module)
        json.key("suites"); stringArray(test.identity.suites, &json)
        json.key("runIndex"); json.int(test.runIndex)
        json.key("status"); json.string(test.status.rawValue)
        json.field("statusReason", final?.statusReason)
        json.field("start", final?.start)
        json.field("duration", test.duration)
        json.key("flaky"); json.bool(test.isFlaky)
        if let location = test.location { json.key("location"); self.location(location, &json) }
        json.key("tags"); stringArray(test.tags, &json)
        json.key("properties"); json.beginArray()
        for property in test.properties { json.encode(property) }
        json.endArray()
        json.key("issues"); issues(final?.issues ?? [], &json)
        json.key("activities"); activities(final?.activities ?? [], &json)
        json.key("attachments"); attachments(final?.attachments ?? [], &json)
        json.key("measurements"); measurements(final?.measurements ?? [], &json)
        if let output = final?.output { json.key("output"); self.output(output, &json) }
        json.field("worker", final?.worker)
        json.key("attempts"); json.beginArray()
        for attempt in test.attempts { self.attempt(attempt, arguments: nil, &json) }
        json.endArray()
        json.key("cases"); json.beginArray()
        for testCase in test.cases {
            json.beginObject()
            json.key("arguments"); json.string(testCase.arguments)
            json.field("caseID", testCase.caseID)
            json.key("status"); json.string(testCase.status.rawValue)
            json.field("duration", testCase.attempts.last?.duration)
            json.key("issues"); issues(testCase.attempts.last?.issues ?? [], &json)
            json.key("attempts"); json.beginArray()
            for attempt in testCase.attempts { self.attempt(attempt, arguments: testCase.arguments, &json) }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    static func attempt(_ attempt: TestAttempt, arguments: String?, _ json: inout JSONBytes) {
        json.beginObject()
        json.key("status"); json.string(attempt.status.rawValue)
        json.field("statusReason", attempt.statusReason)
        json.field("start", attempt.start)
        json.field("duration", attempt.duration)
        json.key("issues"); issues(attempt.issues, &json)
        json.key("activities"); activities(attempt.activities, &json)
        json.key("attachments"); attachments(attempt.attachments, &json)
        json.key("measurements"); measurements(attempt.measurements, &json)
        if let output = attempt.output { json.key("output"); self.output(output, &json) }
        json.field("worker", attempt.worker)
        json.endObject()
    }

    static func issues(_ issues: [IssueRecord], _ json: inout JSONBytes) {
        json.beginArray()
        for issue in issues {
            json.beginObject()
            json.key("kind"); json.string(issue.kind.rawValue)
            json.key("message"); json.string(issue.message)
            json.field("file", issue.location?.file)
            json.field("line", issue.location?.line)
            json.field("column", issue.location?.column)
            json.field("details", issue.details)
            json.field("timestamp", issue.timestamp)
            json.field("type", issue.type)
            json.endObject()
        }
        json.endArray()
    }

    static func activities(_ activities: [ActivityRecord], _ json: inout JSONBytes) {
        json.beginArray()
        for activity in activities {
            json.beginObject()
            json.key("title"); json.string(activity.title)
            json.key("status"); json.string(activity.status.rawValue)
            json.field("start", activity.start)
            json.field("duration", activity.duration)
            json.key("issues"); issues(activity.issues, &json)
            json.key("attachments"); attachments(activity.attachments, &json)
            json.key("activities"); self.activities(activity.children, &json)
            json.endObject()
        }
        json.endArray()
    }

    static func attachments(_ attachments: [AttachmentRecord], _ json: inout JSONBytes) {
        json.beginArray()
        for attachment in attachments {
            json.beginObject()
            json.key("name"); json.string(attachment.name)
            json.key("mediaType"); json.string(attachment.mediaType)
            json.key("kind"); json.string(attachment.kind.rawValue)
            json.key("size"); json.int(attachment.blob.size)
            json.key("sha256"); json.string(attachment.blob.sha256)
            json.field("timestamp", attachment.timestamp)
            json.endObject()
        }
        json.endArray()
    }

    static func measurements(_ measurements: [MeasurementRecord], _ json: inout JSONBytes) {
        json.beginArray()
        for measurement in measurements {
            json.beginObject()
            json.key("metric"); json.string(measurement.metricID)
            json.key("name"); json.string(measurement.name)
            json.key("unit"); json.string(measurement.unit)
            json.key("polarity"); json.string(measurement.polarity.rawValue)
            json.key("values"); json.beginArray()
            for value in measurement.values { json.double(value) }
            json.endArray()
            json.key("average"); json.double(measurement.average)
            json.key("standardDeviation"); json.double(measurement.standardDeviation)
            json.key("relativeStandardDeviation"); json.double(measurement.relativeStandardDeviation)
            json.field("baseline", measurement.baselineAverage)
            json.field("baselineName", measurement.baselineName)
            if let values = measurement.baselineValues {
                json.key("baselineValues"); json.beginArray()
                for value in values { json.double(value) }
                json.endArray()
            }
            let verdict = measurement.verdict
            json.key("verdict"); json.beginObject()
            json.key("outcome"); json.string(verdict.outcome.rawValue)
            json.key("reason"); json.string(verdict.reason)
            json.endObject()
            json.endObject()
        }
        json.endArray()
    }

    static func output(_ output: CapturedOutput, _ json: inout JSONBytes) {
        json.beginObject()
        json.field("text", output.text)
        json.field("sha256", output.blob?.sha256)
        json.key("size"); json.int(output.byteCount)
        json.endObject()
    }

    static func location(_ location: SourceLocation, _ json: inout JSONBytes) {
        json.beginObject()
        json.key("file"); json.string(location.file)
        json.key("line"); json.int(location.line)
        json.field("column", location.column)
        json.endObject()
    }

    static func stringArray(_ values: [String], _ json: inout JSONBytes) {
        json.beginArray()
        for value in values { json.string(value) }
        json.endArray()
    }
}
