/// Splits a fuzz input into lines the way the tool's line readers do (at `\n`, keeping a last line without one).
enum InputLines {
    static func forEach(_ input: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
        let bytes = input.bindMemory(to: UInt8.self)
        var start = 0
        var number = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            number += 1
            body(UnsafeBufferPointer(rebasing: bytes[start..<index]), number)
            start = index + 1
        }
        if start < bytes.count {
            body(UnsafeBufferPointer(rebasing: bytes[start...]), number + 1)
        }
    }
}
