import Foundation

/// Checks a property list's size as Foundation would decode it, before Foundation decodes it.
///
/// A binary property list (`bplist00`) names each object once and lets collections share children by reference,
/// so a few hundred bytes can describe an array of arrays that expands to 2^40 objects when decoded (Foundation
/// builds every shared child again for each reference). ``check(_:file:)`` walks the object table itself, counting
/// every object as often as it is reached, and refuses the list past ``maxObjects``, a reference out of the
/// table, or a collection that contains itself. An XML or text property list has no sharing: its size is bounded
/// by its tags, which are counted the same way.
///
/// - Complexity: O(n) in the file's size: each object of the table is visited once (shared children are
///   counted from a memo, not walked again).
public enum PropertyListBounds {
    /// The most objects a property list may decode to (every key, value and collection, shared ones counted each
    /// time they are reached): about 100,000 baselines in one run destination's file.
    public static let maxObjects = 1_000_000

    /// Throws a ``BaselineError`` (`malformed`, naming `file`) when `data` would decode to more than
    /// ``maxObjects`` objects or its binary object table is inconsistent.
    public static func check(_ data: Data, file: String) throws {
        if data.starts(with: Array("bplist".utf8)) {
            guard data.starts(with: Array("bplist00".utf8)) else {
                throw BaselineError(.malformed, "a binary property list of a version other than bplist00", file: file)
            }
            let table = try BinaryPropertyListTable([UInt8](data), file: file)
            let count = try table.expandedCount(limit: maxObjects)
            if count > maxObjects { throw tooLarge(file: file, what: "objects once its shared parts are expanded") }
            return
        }
        // An XML element has at most two tags; a text (OpenStep) list needs a `,` or `;` after each object.
        let isXML = data.first { $0 > 0x20 } == UInt8(ascii: "<")
        let tags = data.withUnsafeBytes { bytes in
            var tags = 0
            if isXML {
                for byte in bytes where byte == 0x3C { tags += 1 }
            } else {
                for byte in bytes where byte == 0x2C || byte == 0x3B { tags += 1 }
            }
            return tags
        }
        if tags > 2 * maxObjects { throw tooLarge(file: file, what: isXML ? "tags" : "delimiters") }
    }

    private static func tooLarge(file: String, what: String) -> BaselineError {
        BaselineError(
            .malformed, "a property list of more than \(maxObjects) \(what); refused before decoding it", file: file)
    }
}

/// The object table of a `bplist00` file: its trailer, offsets and references, read without decoding values.
struct BinaryPropertyListTable {
    private let bytes: [UInt8]
    private let file: String
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTableStart: Int

    init(_ bytes: [UInt8], file: String) throws {
        self.bytes = bytes
        self.file = file
        guard bytes.count >= 8 + 32 else { throw Self.malformed("shorter than a binary property list", file: file) }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let tableStart = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Self.malformed("a binary property list trailer with integer sizes out of 1...8", file: file)
        }
        // Every object takes at least one byte, so the table cannot name more objects than the file has bytes.
        guard count > 0, count <= UInt64(bytes.count), top < count, tableStart >= 8,
            tableStart <= UInt64(trailer), UInt64(trailer) - tableStart >= count * UInt64(offsetSize)
        else { throw Self.malformed("a binary property list trailer that does not fit the file", file: file) }
        objectCount = Int(count)
        guard objectCount <= PropertyListBounds.maxObjects else {
            throw BaselineError(
                .malformed, "a binary property list of \(count) objects, more than \(PropertyListBounds.maxObjects)",
                file: file)
        }
        topObject = Int(top)
        offsetTableStart = Int(tableStart)
    }

    /// How many objects the top object decodes to, counting shared children each time they are referenced; stops
    /// counting past `limit` (returns `limit + 1`).
    func expandedCount(limit: Int) throws -> Int {
        // 0: not seen, -1: being walked (seeing it again is a cycle), n > 0: its expanded count.
        var counts = [Int](repeating: 0, count: objectCount)
        var stack: [(object: Int, children: [Int], next: Int, total: Int)] = []
        func push(_ object: Int) throws {
            counts[object] = -1
            stack.append((object, try children(of: object), 0, 1))
        }
        try push(topObject)
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                stack[top].next += 1
                switch counts[child] {
                case -1: throw Self.malformed("a binary property list whose collection contains itself", file: file)
                case 0: try push(child)
                default: stack[top].total = min(limit + 1, stack[top].total + counts[child])
                }
                if stack[top].total > limit { return limit + 1 }
                continue
            }
            let finished = stack.removeLast()
            counts[finished.object] = finished.total
            if let parent = stack.indices.last {
                stack[parent].total = min(limit + 1, stack[parent].total + finished.total)
                if stack[parent].total > limit { return limit + 1 }
            }
        }
        return counts[topObject]
    }

    /// The objects an array, set or dictionary refers to (a dictionary's keys and values); none for others.
    private func children(of object: Int) throws -> [Int] {
        let offset = Self.bigEndian(bytes, at: offsetTableStart + object * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTableStart) else {
            throw Self.malformed("a binary property list object offset out of the file", file: file)
        }
        var position = Int(offset)
        let marker = bytes[position]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xB || kind == 0xC || kind == 0xD else { return [] }
        position += 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            // The count follows as an integer object: 0x1n then 2^n bytes.
            guard position < offsetTableStart, bytes[position] >> 4 == 0x1, bytes[position] & 0x0F <= 3 else {
                throw Self.malformed("a binary property list collection with a malformed count", file: file)
            }
            let size = 1 << Int(bytes[position] & 0x0F)
            guard position + 1 + size <= offsetTableStart else {
                throw Self.malformed("a binary property list collection count out of the file", file: file)
            }
            let value = Self.bigEndian(bytes, at: position + 1, size: size)
            guard value <= UInt64(offsetTableStart) else {
                throw Self.malformed("a binary property list collection larger than its file", file: file)
            }
            count = Int(value)
            position += 1 + size
        }
        let references = kind == 0xD ? 2 * count : count
        guard references <= (offsetTableStart - position) / referenceSize else {
            throw Self.malformed("a binary property list collection whose references run out of the file", file: file)
        }
        return try (0..<references).map { index in
            let reference = Self.bigEndian(bytes, at: position + index * referenceSize, size: referenceSize)
            guard reference < UInt64(objectCount) else {
                throw Self.malformed("a binary property list reference to an object that does not exist", file: file)
            }
            return Int(reference)
        }
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private static func malformed(_ message: String, file: String) -> BaselineError {
        BaselineError(.malformed, message, file: file)
    }
}
