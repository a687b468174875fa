import ResultImport

/// Reads lcov's lines one at a time, keeping the record being read (`SF:` ... `end_of_record`).
struct LcovRecordReader {
    let context: CoverageInputContext
    /// The record being read: its source path as recorded and its file (`nil` when the path was refused).
    private var source: (path: String, file: CoverageInputContext.FileHandle?, line: Int)?
    /// `FN:` lines of the record: the line of each function by name (and by index, lcov 2.2's `FNL:`).
    private var functionLines: [String: Int] = [:]
    private var functionOrder: [String] = []
    private var functionCounts: [String: HitCount.Parsed] = [:]
    private var indexedLines: [Substring: Int] = [:]
    /// What the record's `LF:`/`LH:` say, and what its `DA:` lines give.
    private var declaredFound: Int?
    private var declaredHit: Int?
    private var linesFound = 0
    private var linesHit = 0
    private var disagreements = 0
    private var firstDisagreement: String?

    init(context: CoverageInputContext) { self.context = context }

    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int) throws {
        if bytes.isEmpty { return }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            if ByteFields.hasPrefix(bytes, "end_of_record") { return try endRecord(lineNumber) }
            return context.note("lines that are not lcov records")
        }
        let key = bytes[..<colon]
        let value = bytes[(colon + 1)...]
        switch ByteFields.text(key) {
        case "SF":
            if let source { throw malformed("SF: starts a record inside the record of \(source.path)", lineNumber) }
            let path = ByteFields.text(value)
            source = (path, context.file(path), lineNumber)
        case "DA": try readLine(value, lineNumber)
        case "BRDA": try readBranch(value, lineNumber)
        case "FN": try readFunction(value, lineNumber)
        case "FNDA": try readFunctionCount(value, lineNumber)
        case "FNL": try readIndexedFunction(value, lineNumber)
        case "FNA": try readIndexedFunctionCount(value, lineNumber)
        case "LF": declaredFound = try number(value, "LF", lineNumber)
        case "LH": declaredHit = try number(value, "LH", lineNumber)
        case "TN", "VER", "FNF", "FNH", "BRF", "BRH", "MCDC": break
        default: context.note("lines that are not lcov records")
        }
    }

    /// Checks that the input did not end inside a record and reports the declared totals that disagreed.
    mutating func finish() throws {
        if let source {
            throw CoverageError(
                .malformed,
                "the input ends inside the record of \(source.path) (from line \(source.line)): no end_of_record",
                file: context.fileName, line: context.inputLine)
        }
        if disagreements > 0, let firstDisagreement {
            context.warn(
                "LF/LH disagree with the DA lines in \(disagreements == 1 ? "1 record" : "\(disagreements) records") "
                    + "(the first: \(firstDisagreement)); the DA lines are counted", line: nil)
        }
    }

    // MARK: Records

    private mutating func endRecord(_ lineNumber: Int) throws {
        guard let record = source else { throw malformed("end_of_record outside a record", lineNumber) }
        if let file = record.file {
            for name in functionOrder {
                let count = functionCounts.removeValue(forKey: name) ?? .count(0)
                context.addFunction(file, name: name, line: functionLines[name] ?? 0, count: count)
            }
            for (name, count) in functionCounts.sorted(by: { $0.key < $1.key }) {
                context.addFunction(file, name: name, line: 0, count: count)
            }
        }
        let disagrees =
            (declaredFound.map { $0 != linesFound } ?? false) || (declaredHit.map { $0 != linesHit } ?? false)
        if disagrees {
            disagreements += 1
            if firstDisagreement == nil {
                firstDisagreement =
                    "\(record.path) at line \(record.line) declares LF \(declaredFound.map(String.init) ?? "-") "
                    + "LH \(declaredHit.map(String.init) ?? "-"), its DA lines give \(linesFound) and \(linesHit)"
            }
        }
        source = nil
        functionLines = [:]
        functionOrder = []
        functionCounts = [:]
        indexedLines = [:]
        declaredFound = nil
        declaredHit = nil
        linesFound = 0
        linesHit = 0
    }

    /// `DA:<line>,<count>[,<checksum>]`.
    private mutating func readLine(_ value: UnsafeBufferPointer<UInt8>.SubSequence, _ lineNumber: Int) throws {
        let file = try currentFile("DA", lineNumber)
        let fields = ByteFields.split(value, separator: UInt8(ascii: ","), maxParts: 3)
        guard fields.count >= 2, let line = ByteFields.lineNumber(fields[0]) else {
            throw malformed("DA: needs a line number and a count", lineNumber)
        }
        let count = HitCount.parse(fields[1])
        linesFound += 1
        if case .count(let hits) = count, hits > 0 { linesHit += 1 }
        if let file { context.addLine(file, line: line, count: count) }
    }

    /// `BRDA:<line>,[e]<block>,<branch>,<taken>`; `-` is a branch whose block never ran.
    private mutating func readBranch(_ value: UnsafeBufferPointer<UInt8>.SubSequence, _ lineNumber: Int) throws {
        let file = try currentFile("BRDA", lineNumber)
        // The branch may be an expression with commas (lcov 2), so the taken count is the last field.
        guard let lastComma = value.lastIndex(of: UInt8(ascii: ",")) else {
            throw malformed("BRDA: needs a line, block, branch and taken count", lineNumber)
        }
        let head = ByteFields.split(value[..<lastComma], separator: UInt8(ascii: ","), maxParts: 2)
        guard head.count == 2, let line = ByteFields.lineNumber(head[0]) else {
            throw malformed("BRDA: needs a line, block, branch and taken count", lineNumber)
        }
        let taken = value[(lastComma + 1)...]
        let count: HitCount.Parsed = taken.elementsEqual([UInt8(ascii: "-")]) ? .count(0) : HitCount.parse(taken)
        if let file { context.addBranchOutcome(file, line: line, key: ByteFields.text(head[1]), count: count) }
    }

    /// `FN:<line>,[<end line>,]<name>`.
    private mutating func readFunction(_ value: UnsafeBufferPointer<UInt8>.SubSequence, _ lineNumber: Int) throws {
        _ = try currentFile("FN", lineNumber)
        var fields = ByteFields.split(value, separator: UInt8(ascii: ","), maxParts: 3)
        guard fields.count >= 2, let line = ByteFields.lineNumber(fields[0]) else {
            throw malformed("FN: needs a line number and a name", lineNumber)
        }
        // A name never starts with a digit, so a second number is lcov 2's end line.
        if fields.count == 3, !ByteFields.isDigits(fields[1]) {
            fields = [fields[0], value[fields[1].startIndex...]]
        }
        let name = ByteFields.text(fields[fields.count - 1])
        if functionLines.updateValue(line, forKey: name) == nil { functionOrder.append(name) }
    }

    /// `FNDA:<count>,<name>`.
    private mutating func readFunctionCount(_ value: UnsafeBufferPointer<UInt8>.SubSequence, _ lineNumber: Int) throws {
        _ = try currentFile("FNDA", lineNumber)
        let fields = ByteFields.split(value, separator: UInt8(ascii: ","), maxParts: 2)
        guard fields.count == 2 else { throw malformed("FNDA: needs a count and a name", lineNumber) }
        addFunctionCount(HitCount.parse(fields[0]), name: ByteFields.text(fields[1]))
    }

    /// `FNL:<index>,<line>[,<end line>]` (lcov 2.2).
    private mutating func readIndexedFunction(_ value: UnsafeBufferPointer<UInt8>.SubSequence, _ lineNumber: Int)
        throws
    {
        _ = try currentFile("FNL", lineNumber)
        let fields = ByteFields.split(value, separator: UInt8(ascii: ","), maxParts: 3)
        guard fields.count >= 2, let line = ByteFields.lineNumber(fields[1]) else {
            throw malformed("FNL: needs an index and a line number", lineNumber)
        }
        indexedLines[Substring(ByteFields.text(fields[0]))] = line
    }

    /// `FNA:<index>,<count>,<name>` (lcov 2.2).
    private mutating func readIndexedFunctionCount(
        _ value: UnsafeBufferPointer<UInt8>.SubSequence, _ lineNumber: Int
    ) throws {
        _ = try currentFile("FNA", lineNumber)
        let fields = ByteFields.split(value, separator: UInt8(ascii: ","), maxParts: 3)
        guard fields.count == 3 else { throw malformed("FNA: needs an index, a count and a name", lineNumber) }
        let name = ByteFields.text(fields[2])
        if let line = indexedLines[Substring(ByteFields.text(fields[0]))],
            functionLines.updateValue(line, forKey: name) == nil
        {
            functionOrder.append(name)
        }
        addFunctionCount(HitCount.parse(fields[1]), name: name)
    }

    /// Notes a function's count; several counts of one function in a record are summed.
    private mutating func addFunctionCount(_ count: HitCount.Parsed, name: String) {
        if case .count(let added) = count, case .count(let previous)? = functionCounts[name] {
            functionCounts[name] = .count(HitCount.adding(previous, added))
        } else if functionCounts[name] == nil {
            functionCounts[name] = count
        }
    }

    // MARK: Helpers

    private func currentFile(_ key: String, _ lineNumber: Int) throws -> CoverageInputContext.FileHandle? {
        guard let source else { throw malformed("\(key): outside a record (no SF: before it)", lineNumber) }
        return source.file
    }

    private func number(_ value: UnsafeBufferPointer<UInt8>.SubSequence, _ key: String, _ lineNumber: Int) throws
        -> Int
    {
        guard let number = ByteFields.integer(value) else { throw malformed("\(key): needs a number", lineNumber) }
        return number
    }

    private func malformed(_ message: String, _ lineNumber: Int) -> CoverageError {
        CoverageError(.malformed, message, file: context.fileName, line: lineNumber)
    }
}
