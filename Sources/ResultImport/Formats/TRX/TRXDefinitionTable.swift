/// The definitions of a TRX file's tests (`TestDefinitions`: each test's class and categories), by `testId`, in a
/// compact form: a file of a million tests defines a million ids. An id spelled as vstest and mstest write them
/// (a lowercase GUID, `8-4-4-4-12` hex digits) is kept as its 128 bits in a sorted array, any other as its text;
/// class names and category lists, shared by many tests, are kept once each. Ids match exactly as written.
struct TRXDefinitionTable {
    private var guids: [(key: GUIDKey, value: UInt64)] = []
    private var isSorted = true
    private var others: [String: UInt64] = [:]
    private var classNames: [String] = []
    private var classIndexes: [String: UInt32] = [:]
    /// Index 0 is the empty list.
    private var categoryLists: [[String]] = [[]]
    private var categoryIndexes: [[String]: UInt32] = [[]: 0]

    /// How many definitions are held.
    var count: Int { guids.count + others.count }

    /// Adds the definition of `id`; a later definition of the same id replaces it.
    mutating func add(_ id: String, _ definition: TRXDefinition) {
        let value = UInt64(classIndex(definition.className)) << 32 | UInt64(categoriesIndex(definition.categories))
        if let key = GUIDKey(id) {
            if let last = guids.last, last.key > key { isSorted = false }
            guids.append((key, value))
        } else {
            others[id] = value
        }
    }

    /// The definition of `id`, if one was read.
    mutating func definition(of id: String) -> TRXDefinition? {
        let value: UInt64
        if let key = GUIDKey(id) {
            sortIfNeeded()
            guard let found = find(key) else { return nil }
            value = found
        } else {
            guard let found = others[id] else { return nil }
            value = found
        }
        let classIndex = UInt32(truncatingIfNeeded: value >> 32)
        return TRXDefinition(
            className: classIndex == .max ? nil : classNames[Int(classIndex)],
            categories: categoryLists[Int(UInt32(truncatingIfNeeded: value))])
    }

    private mutating func classIndex(_ name: String?) -> UInt32 {
        guard let name else { return .max }
        if let index = classIndexes[name] { return index }
        let index = UInt32(classNames.count)
        classNames.append(name)
        classIndexes[name] = index
        return index
    }

    private mutating func categoriesIndex(_ categories: [String]) -> UInt32 {
        if let index = categoryIndexes[categories] { return index }
        let index = UInt32(categoryLists.count)
        categoryLists.append(categories)
        categoryIndexes[categories] = index
        return index
    }

    /// Sorts the ids once they are all read, keeping the last definition of an id defined twice (as a dictionary
    /// would).
    private mutating func sortIfNeeded() {
        guard !isSorted else { return }
        isSorted = true
        // A stable order by key, so that among equal keys the last added comes last.
        let order = guids.indices.sorted {
            guids[$0].key < guids[$1].key || (guids[$0].key == guids[$1].key && $0 < $1)
        }
        guids = order.map { guids[$0] }
    }

    /// The value of the last entry with `key`, by binary search.
    private func find(_ key: GUIDKey) -> UInt64? {
        var low = 0
        var high = guids.count
        // The first entry greater than `key`; the one before it is the last equal one, if any.
        while low < high {
            let middle = (low + high) / 2
            if guids[middle].key <= key { low = middle + 1 } else { high = middle }
        }
        guard low > 0, guids[low - 1].key == key else { return nil }
        return guids[low - 1].value
    }
}

/// A lowercase GUID's 128 bits.
struct GUIDKey: Comparable {
    let high: UInt64
    let low: UInt64

    /// The bits of `text` when it is 32 lowercase hex digits grouped `8-4-4-4-12`; `nil` for any other text.
    init?(_ text: String) {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        var index = 0
        for byte in text.utf8 {
            defer { index += 1 }
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            if digits < 16 { high = high << 4 | digit } else { low = low << 4 | digit }
            digits += 1
        }
        guard index == 36, digits == 32 else { return nil }
        self.high = high
        self.low = low
    }

    static func < (left: GUIDKey, right: GUIDKey) -> Bool {
        left.high != right.high ? left.high < right.high : left.low < right.low
    }
}
