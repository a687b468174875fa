import ResultModel

/// Reads a TAP stream line by line. Every leaf test point is a test, at any depth: the subtests around it (TAP
/// 13's streamed `# Subtest:` blocks, indented before the point that ends them, and TAP 14's buffered `{ … }`
/// blocks, after the point that opens them) are its suites. A point with subtests is a suite, not a test, unless
/// it fails while all its subtests passed (a failure of its own, such as a plan its subtests missed): then it is
/// a failed test too.
///
/// Memory holds the open subtests (at most ``maxDepth``) and the point being read with its diagnostics (bounded),
/// so a stream of millions of points imports in flat memory. The one exception is a streamed subtest whose name
/// was not announced by `# Subtest:`: its tests wait for the point that names it (at most ``maxHeldTests``).
final class TAPParser: LineStreamParser {
    /// The deepest nesting of subtests read; deeper is an error and the rest of the stream is not read.
    static let maxDepth = 256
    /// The most YAML or comment lines kept per point.
    static let maxDiagnosticLines = 2000
    /// The most tests held for an unnamed subtest before it is named `(subtest)` and they are written.
    static let maxHeldTests = 10_000

    private let stream: StreamOutput
    private var fileName: String { stream.fileName }
    private var levels: [TAPLevel]
    private var pending: TAPPendingPoint?
    /// The subtest that just ended, waiting for the point at its parent's level that ends (and names) it.
    private var closedChild: TAPLevel?
    /// The last `# Subtest: name` and its indentation.
    private var announced: (name: String, indent: Int)?
    /// Whether the stream was read to its end, or stopped early (a bail-out, nesting too deep).
    private var isFinished = false
    private var stoppedEarly = false
    private var hasBailedOut = false
    private var sawPieces = false
    private var diagnostics: [Diagnostic] = []
    /// The pending point when it is a plain pass (``TAPPlainPass``), kept as bytes rather than in ``pending``: its
    /// number, line and indentation, its description in ``plainDescription`` (a buffer kept from point to point).
    private var plainPending: (number: Int?, line: Int, indent: Int)?
    private var plainDescription: [UInt8] = []

    init(output: StreamOutput) {
        stream = output
        levels = [TAPLevel(indent: 0, name: "", line: 0)]
    }

    func consume(_ line: LineReader.Line) throws {
        guard !isFinished else { return }
        guard !line.isPiece else {
            if !sawPieces {
                sawPieces = true
                diagnostics.append(
                    Diagnostic(
                        severity: .warning, message: "line \(line.number) is too long to be TAP and is skipped",
                        file: fileName, line: line.number))
            }
            return
        }
        if try readPlainPass(line) { return }
        pendingFromPlain()
        let text = String(decoding: line.bytes, as: UTF8.self)
        let indent = text.utf8.prefix { $0 == 0x20 }.count
        let content = text.dropFirst(indent)
        if try readYAML(text, content: content, indent: indent) { return }
        if content.isEmpty { return }
        let kind = TAPLine(content)
        if kind == .yamlStart, let point = pending, point.yaml == nil, indent > point.indent {
            pending?.yaml = []
            pending?.yamlIndent = indent
            return
        }
        if kind.isStructural {
            if indent > levels.last!.indent, kind != .closingBrace {
                try openLevel(indent: indent, line: line.number)
                guard !isFinished else { return }
            } else if indent < levels.last!.indent {
                try closeLevels(above: indent)
            }
        }
        switch kind {
        case .point(let point): try readPoint(point, indent: indent, line: line.number)
        case .plan(let count, let skipReason):
            try finishPending()
            levels[levels.count - 1].plan = (count ?? 0, line.number)
            if count == 0, let skipReason, levels.count == 1 {
                diagnostics.append(
                    Diagnostic(
                        severity: .note, message: "the stream skips all its tests: \(skipReason)", file: fileName,
                        line: line.number))
            }
        case .subtest(let name): announced = (name, indent)
        case .comment(let comment):
            if let point = pending, point.comments.count < Self.maxDiagnosticLines { pending?.comments.append(comment) }
        case .bailOut(let reason): try bailOut(reason, line: line.number)
        case .closingBrace: try closeBlock(indent: indent, line: line.number)
        case .yamlStart, .other: return
        }
    }

    /// Writes what is still open. A stream that ends inside a subtest is cut off: an error names it.
    func finish() throws -> [Diagnostic] {
        guard !isFinished else { return diagnostics }
        isFinished = true
        try finishPlainPending()
        try finishPending()
        if let child = closedChild {
            closedChild = nil
            try flushHeld(of: child, name: "(subtest)")
        }
        while levels.count > 1 {
            let level = levels.removeLast()
            if !stoppedEarly {
                diagnostics.append(
                    Diagnostic(
                        severity: .error,
                        message: "the stream ends inside subtest '\(level.name ?? "(unnamed)")' (from line "
                            + "\(level.line)); the file is cut off",
                        file: fileName, line: level.line))
            }
            try flushHeld(of: level, name: "(subtest)")
        }
        if !stoppedEarly { checkPlan(of: levels[0]) }
        return diagnostics
    }

    // MARK: Lines

    /// Reads `text` into the pending point's YAML block when one is open; `false` when the line is not YAML.
    private func readYAML(_ text: String, content: Substring, indent: Int) throws -> Bool {
        guard let point = pending, point.yaml != nil, point.isInYAML else { return false }
        if content.isEmpty || indent >= point.yamlIndent {
            if content == "..." && indent == point.yamlIndent {
                pending?.isInYAML = false
            } else if point.yaml!.count < Self.maxDiagnosticLines {
                pending?.yaml!.append(String(text.dropFirst(min(point.yamlIndent, indent))))
            }
            return true
        }
        // A block that ends without its `...` ends at the first line indented less.
        pending?.isInYAML = false
        return false
    }

    private func readPoint(_ point: TAPPoint, indent: Int, line: Int) throws {
        try finishPending()
        announced = nil
        if point.opensBlock {
            // TAP 14's buffered subtest: the point comes first, its subtests follow in `{ … }`.
            try push(
                TAPLevel(
                    indent: indent + 4,
                    name: point.description.isEmpty ? "test \(point.number ?? 0)" : point.description,
                    line: line, opener: TAPPendingPoint(point: point, line: line, indent: indent)))
            return
        }
        var next = TAPPendingPoint(point: point, line: line, indent: indent)
        next.child = closedChild
        closedChild = nil
        pending = next
    }

    private func bailOut(_ reason: String, line: Int) throws {
        try finishPending()
        try emit(
            TestRecord(
                runIndex: stream.runIndex, identity: TestIdentity(suites: suiteNames, name: "(bail out)"),
                attempts: [
                    TestAttempt(
                        status: .failed, statusReason: "the run bailed out",
                        issues: [IssueRecord(kind: .other, message: "Bail out!" + (reason.isEmpty ? "" : " " + reason))]
                    )
                ]))
        // The plan cannot be met after a bail-out, and the subtests open then never end: neither is an error.
        stoppedEarly = true
        _ = try finish()
    }

    // MARK: Subtests

    private func openLevel(indent: Int, line: Int) throws {
        try finishPending()
        var name: String?
        if let announced, announced.indent == levels.last!.indent || announced.indent == indent {
            name = announced.name
        }
        announced = nil
        try push(TAPLevel(indent: indent, name: name, line: line))
    }

    private func push(_ level: TAPLevel) throws {
        if let child = closedChild {
            closedChild = nil
            try flushHeld(of: child, name: "(subtest)")
        }
        guard levels.count <= Self.maxDepth else {
            diagnostics.append(
                Diagnostic(
                    severity: .error,
                    message: "subtests nest deeper than \(Self.maxDepth) levels at line \(level.line); the rest of "
                        + "the stream is not read",
                    file: fileName, line: level.line))
            stoppedEarly = true
            _ = try finish()
            return
        }
        levels.append(level)
    }

    /// Ends the streamed subtests indented deeper than `indent`; the innermost waits for the point that ends it.
    private func closeLevels(above indent: Int) throws {
        while levels.count > 1, levels.last!.indent > indent, levels.last!.opener == nil {
            try finishPending()
            let level = levels.removeLast()
            levels[levels.count - 1].failedLeaves += level.failedLeaves
            if let child = closedChild { try flushHeld(of: child, name: "(subtest)") }
            closedChild = level
        }
    }

    /// `}` ends the buffered subtest its point opened.
    private func closeBlock(indent: Int, line: Int) throws {
        try closeLevels(above: indent + 4)
        try finishPending()
        guard levels.count > 1, var opener = levels.last!.opener else { return }
        let level = levels.removeLast()
        levels[levels.count - 1].failedLeaves += level.failedLeaves
        opener.child = level
        try finishPoint(opener)
    }

    // MARK: Points

    /// Reads `line` when it is a plain pass at the level of the open subtest, which nothing before it waits to
    /// read (a YAML block still open would take it): it ends the pending point and waits as the next one, as bytes.
    /// `false` for any other line.
    private func readPlainPass(_ line: LineReader.Line) throws -> Bool {
        let indent = line.bytes.prefix { $0 == 0x20 }.count
        guard indent == levels[levels.count - 1].indent, closedChild == nil,
            pending.map({ $0.yaml == nil || !$0.isInYAML }) ?? true
        else { return false }
        let content = UnsafeBufferPointer(rebasing: line.bytes[indent...])
        guard let point = TAPPlainPass(content) else { return false }
        try finishPlainPending()
        try finishPending()
        announced = nil
        plainDescription.removeAll(keepingCapacity: true)
        plainDescription.append(contentsOf: content[point.description])
        plainPending = (point.number, line.number, indent)
        return true
    }

    /// Writes the pending plain pass: from its bytes, unless a subtest around it waits for its name.
    private func finishPlainPending() throws {
        guard plainPending != nil else { return }
        guard levels.count == 1 else {
            pendingFromPlain()
            return try finishPending()
        }
        plainPending = nil
        levels[0].points += 1
        try plainDescription.withUnsafeBufferPointer { name in
            try stream.writePassed(
                PassedTestText(runIndex: stream.runIndex, suite: nil, name: name, duration: nil))
        }
    }

    /// Makes the pending plain pass, if any, the ``pending`` point that the general reading works with.
    private func pendingFromPlain() {
        guard let plain = plainPending else { return }
        plainPending = nil
        pending = TAPPendingPoint(
            point: TAPPoint(
                isOK: true, number: plain.number, description: String(decoding: plainDescription, as: UTF8.self)),
            line: plain.line, indent: plain.indent)
    }

    private func finishPending() throws {
        guard let point = pending else { return }
        pending = nil
        try finishPoint(point)
    }

    private func finishPoint(_ point: TAPPendingPoint) throws {
        levels[levels.count - 1].points += 1
        let name = point.point.description.isEmpty ? "test \(point.point.number ?? 0)" : point.point.description
        var outcome = TAPOutcome(point)
        if var child = point.child {
            // A point with subtests: their suite, and a test only when it failed on its own.
            if child.name == nil { child.name = name }
            checkPlan(of: child)
            try flushHeld(of: child, name: name)
            guard outcome.status == .failed, child.failedLeaves == 0 else { return }
            outcome.issues[0].message =
                outcome.issues[0].message == TAPOutcome.genericFailure
                ? "the test failed, although its subtests passed" : outcome.issues[0].message
        }
        if outcome.status.isFailure { levels[levels.count - 1].failedLeaves += 1 }
        // Most points pass with nothing to say: they go to the sink as bytes, unless a subtest around them waits
        // for its name.
        if outcome.status == .passed, outcome.issues.isEmpty, !levels.contains(where: { $0.name == nil }) {
            return try stream.writePassed(TestIdentity(suites: suiteNames, name: name), duration: outcome.duration)
        }
        try emit(
            TestRecord(
                runIndex: stream.runIndex, identity: TestIdentity(suites: suiteNames, name: name),
                attempts: [
                    TestAttempt(
                        status: outcome.status, statusReason: outcome.reason, duration: outcome.duration,
                        issues: outcome.issues)
                ]))
    }

    // MARK: Writing

    private var suiteNames: [String] { levels.dropFirst().map { $0.name ?? "" } }

    /// Writes a test, or holds it while a subtest around it has no name yet.
    private func emit(_ record: TestRecord) throws {
        if let index = levels.indices.dropFirst().last(where: { levels[$0].name == nil }) {
            levels[index].held.append(record)
            if levels[index].held.count >= Self.maxHeldTests {
                levels[index].name = "(subtest)"
                let level = levels[index]
                levels[index].held = []
                try flushHeld(of: level, name: "(subtest)", depth: index)
            }
            return
        }
        try stream.write(record)
    }

    /// Names the held tests of `level` (now known to be `name`) and writes them, or holds them further out.
    private func flushHeld(of level: TAPLevel, name: String, depth: Int? = nil) throws {
        let depth = depth ?? levels.count
        for var record in level.held {
            if depth - 1 < record.identity.suites.count { record.identity.suites[depth - 1] = name }
            try emit(record)
        }
    }

    private func checkPlan(of level: TAPLevel) {
        var totals = DeclaredTotals()
        guard let plan = level.plan else {
            if level.line == 0, stream.testCount > 0 {
                diagnostics.append(
                    Diagnostic(
                        severity: .warning,
                        message: "the stream has no plan (1..N): it may be cut off before its end", file: fileName))
            }
            return
        }
        totals.compare("tests", declared: plan.count, found: level.points)
        let what =
            level.line == 0 ? "the plan 1..\(plan.count)" : "the plan 1..\(plan.count) of subtest '\(level.name ?? "")'"
        if let warning = totals.warning(what, file: fileName, line: plan.line) { diagnostics.append(warning) }
    }
}

extension TAPLine {
    /// Whether the line's indentation says which subtest it belongs to.
    var isStructural: Bool {
        switch self {
        case .point, .plan, .subtest, .bailOut, .closingBrace: true
        case .comment, .yamlStart, .other: false
        }
    }
}
