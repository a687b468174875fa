/// A test point that passed with nothing to say, read from its bytes: `ok 12 - name`, in ASCII, with a
/// description but no directive, no escape and no `{`. Most points of most streams are such points, and the parser
/// writes them from their bytes (``StreamOutput/writePassed(_:)``) without making a ``TAPPoint``.
///
/// Read as ``TAPPoint/init(_:)`` reads an ASCII line, so a line is a plain pass only when that gives the same
/// point: `ok`, its number, the description and no directive.
struct TAPPlainPass {
    /// The point's number, if it has one (`nil` also for one too large for an `Int`, as ``TAPPoint`` reads it).
    var number: Int?
    /// Where the description is in the bytes read.
    var description: Range<Int>

    /// Reads `content`, a line without its indentation; `nil` when it is not a plain pass.
    init?(_ content: UnsafeBufferPointer<UInt8>) {
        let space = UInt8(ascii: " ")
        let tab = UInt8(ascii: "\t")
        guard content.count > 2, content[0] == UInt8(ascii: "o"), content[1] == UInt8(ascii: "k"),
            content.allSatisfy({ $0 < 0x80 && $0 != 0x0D })
        else { return nil }
        // `okay` is no point; `ok#…` holds a directive.
        guard content[2] == space || content[2] == tab else { return nil }
        var index = 2
        var end = content.count
        while index < end, content[index] == space || content[index] == tab { index += 1 }
        let digitsStart = index
        while index < end, content[index] >= UInt8(ascii: "0"), content[index] <= UInt8(ascii: "9") { index += 1 }
        number =
            index > digitsStart
            ? Int(String(decoding: UnsafeBufferPointer(rebasing: content[digitsStart..<index]), as: UTF8.self)) : nil
        while index < end, content[index] == space || content[index] == tab { index += 1 }
        if index < end, content[index] == UInt8(ascii: "-"), index + 1 == end || content[index + 1] == space {
            index += 1
            while index < end, content[index] == space { index += 1 }
        }
        // A point that opens a buffered subtest (`ok 1 - name {`) is not plain.
        if end > index, content[end - 1] == UInt8(ascii: "{"), end - index == 1 || content[end - 2] == space {
            return nil
        }
        while end > index, content[end - 1] == space { end -= 1 }
        guard end > index,
            !content[index..<end].contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") })
        else { return nil }
        description = index..<end
    }
}
