/// Splits test names, suite and module names and file paths into the lower-cased terms the index's search looks
/// up (``SearchIndexWriter``, `Templates/search.js`).
///
/// A *word* is a run of letters and digits (Unicode categories L and N, as the script's `[\p{L}\p{N}]`); anything
/// else separates words (`_`, `.`, `/`, spaces). Each word gives its whole self, lower-cased, as a ``Kind/word``
/// term, and, when it has several parts, each part as a ``Kind/part`` term: a part starts at a camelCase capital,
/// at a change between letters and digits, and at the last capital of an acronym before a lower-case letter.
/// `testCase12_parsesHTTPHeaders` gives the words `testcase12` and `parseshttpheaders` and the parts `test`,
/// `case`, `12`, `parses`, `http` and `headers`. The script splits a query the same way, and matches a query word
/// that starts a word, or whose parts each start a part of the test (`HTTPHead`, `case1`, `Suite12`): parts shared
/// by many tests cost a few characters each, and a unique name costs one unique term, not one per part.
enum SearchTerms {
    /// Where a term comes from in its word.
    enum Kind: Int {
        /// The whole word.
        case word = 0
        /// One part of a word of several parts.
        case part = 1
    }

    /// Calls `body` with each term of `text` and its kind, in order (a term may come more than once).
    /// - Complexity: O(*n*²) in the length of the longest word, O(*n*) for words of a few parts.
    static func forEachTerm(in text: String, _ body: (String, Kind) -> Void) {
        forEachTermBytes(in: text) { bytes, kind in body(String(decoding: bytes, as: UTF8.self), kind) }
    }

    /// Calls `body` with the UTF-8 bytes of each term of `text` and its kind, without making strings (the bytes are
    /// valid only during the call).
    static func forEachTermBytes(in text: String, _ body: (UnsafeBufferPointer<UInt8>, Kind) -> Void) {
        var text = text
        let isASCII = text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 >= 0x80 }) else { return false }
            forEachASCIITerm(utf8, body)
            return true
        }
        if !isASCII { forEachUnicodeTerm(in: text, body) }
    }

    /// ``forEachTermBytes(in:_:)`` of ASCII text (most names), without copying a word: the text is lower-cased once
    /// and each term is a range of it.
    private static func forEachASCIITerm(
        _ utf8: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Kind) -> Void
    ) {
        let count = utf8.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, count)) { lowered in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, count)) { starts in
                let lowered = UnsafeBufferPointer(lowered)
                var startCount = 0
                var wordStart = -1
                var previousKind = CharacterKind.separator
                var beforePreviousKind = CharacterKind.separator
                func finishWord(at end: Int) {
                    body(UnsafeBufferPointer(rebasing: lowered[wordStart..<end]), .word)
                    if startCount > 0 {
                        var partStart = wordStart
                        for index in 0...startCount {
                            let partEnd = index < startCount ? starts[index] : end
                            body(UnsafeBufferPointer(rebasing: lowered[partStart..<partEnd]), .part)
                            partStart = partEnd
                        }
                    }
                    wordStart = -1
                }
                let mutableLowered = UnsafeMutableBufferPointer(mutating: lowered)
                for index in 0..<count {
                    let byte = utf8[index]
                    let kind = Self.kind(of: Unicode.Scalar(byte))
                    mutableLowered[index] = kind == .upper ? byte + 0x20 : byte
                    if kind == .separator {
                        if wordStart >= 0 { finishWord(at: index) }
                        continue
                    }
                    if wordStart < 0 {
                        wordStart = index
                        startCount = 0
                        previousKind = .separator
                        beforePreviousKind = .separator
                    } else if (previousKind == .digit) != (kind == .digit) || (previousKind == .lower && kind == .upper)
                    {
                        starts[startCount] = index
                        startCount += 1
                    } else if kind == .lower, previousKind == .upper, beforePreviousKind == .upper,
                        startCount == 0 || starts[startCount - 1] != index - 1
                    {
                        starts[startCount] = index - 1
                        startCount += 1
                    }
                    beforePreviousKind = previousKind
                    previousKind = kind
                }
                if wordStart >= 0 { finishWord(at: count) }
            }
        }
    }

    private static func forEachUnicodeTerm(in text: String, _ body: (UnsafeBufferPointer<UInt8>, Kind) -> Void) {
        var lowered: [UInt8] = []  // the word so far, lower-cased, in UTF-8
        var starts: [Int] = []  // byte offsets in `lowered` where a part starts, after the first
        var previousKind = CharacterKind.separator
        var beforePreviousKind = CharacterKind.separator
        var previousOffset = 0
        func finishWord() {
            guard !lowered.isEmpty else { return }
            lowered.withUnsafeBufferPointer { word in
                body(word, .word)
                guard !starts.isEmpty else { return }
                var partStart = 0
                for partEnd in starts + [word.count] {
                    body(UnsafeBufferPointer(rebasing: word[partStart..<partEnd]), .part)
                    partStart = partEnd
                }
            }
            lowered.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
        }
        for scalar in text.unicodeScalars {
            let kind = Self.kind(of: scalar)
            guard kind != .separator else {
                finishWord()
                previousKind = .separator
                beforePreviousKind = .separator
                continue
            }
            let offset = lowered.count
            if previousKind != .separator {
                if (previousKind == .digit) != (kind == .digit) || (previousKind == .lower && kind == .upper) {
                    starts.append(offset)
                } else if kind == .lower, previousKind == .upper, beforePreviousKind == .upper,
                    starts.last != previousOffset
                {
                    // `HTTPHeaders`: the capital before a lower-case letter starts a part.
                    starts.append(previousOffset)
                }
            }
            if scalar.value < 0x80 {
                lowered.append(kind == .upper ? UInt8(scalar.value + 0x20) : UInt8(scalar.value))
            } else {
                lowered.append(contentsOf: String(scalar).lowercased().utf8)
            }
            beforePreviousKind = previousKind
            previousKind = kind
            previousOffset = offset
        }
        finishWord()
    }

    /// The terms of `text` (each once, in order of first appearance), for tests and small inputs.
    static func terms(of text: String) -> [(term: String, kind: Kind)] {
        var seen: Set<String> = []
        var terms: [(String, Kind)] = []
        forEachTerm(in: text) { term, kind in
            if seen.insert("\(kind.rawValue)\(term)").inserted { terms.append((term, kind)) }
        }
        return terms
    }

    /// The search words of a query as the script makes them: words lower-cased, separators dropped.
    static func queryWords(_ query: String) -> [String] {
        var words: [String] = []
        forEachTerm(in: query) { term, kind in if kind == .word { words.append(term) } }
        return words
    }

    /// The name of the shard file holding `term`: its first two characters, each kept when it is `a`-`z` or `0`-`9`
    /// and written as `_<hex>_` otherwise (`t_fc_` for `tüv`), so the name is safe in a path and the script can
    /// compute it.
    static func shardKey(_ term: String) -> String { shardKey(term, depth: 2) }

    /// The key of `term`'s first `depth` characters, coded as ``shardKey(_:)`` codes them: a shard split deeper
    /// (``SearchIndexWriter``) holds the terms that start with those characters. Each character's code is
    /// self-delimiting, so one key starts another exactly when its characters start the other's.
    static func shardKey(_ term: String, depth: Int) -> String {
        var key = ""
        for scalar in term.unicodeScalars.prefix(depth) {
            if (0x61...0x7A).contains(scalar.value) || (0x30...0x39).contains(scalar.value) {
                key.unicodeScalars.append(scalar)
            } else {
                key += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return key
    }

    private enum CharacterKind { case separator, lower, upper, digit, other }

    private static func kind(of scalar: Unicode.Scalar) -> CharacterKind {
        switch scalar.value {
        case 0x61...0x7A: return .lower
        case 0x41...0x5A: return .upper
        case 0x30...0x39: return .digit
        case 0..<0x80: return .separator
        default:
            switch scalar.properties.generalCategory {
            case .lowercaseLetter: return .lower
            case .uppercaseLetter, .titlecaseLetter: return .upper
            case .decimalNumber, .letterNumber, .otherNumber: return .digit
            case .modifierLetter, .otherLetter: return .other
            default: return .separator
            }
        }
    }
}
