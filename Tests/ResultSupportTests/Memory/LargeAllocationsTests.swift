import ResultSupport
import Testing

/// Large buffers freed on any thread go back to the system, however large a buffer freed before them was.
struct LargeAllocationsTests {
    #if canImport(Glibc)
        @Test func aBufferAfterALargerOneWasFreedIsStillMappedOnItsOwn() throws {
            try #require(LargeAllocations.giveBackWhenFreed(), "the C library takes the setting (glibc)")
            // Left to itself, glibc raises its threshold to this buffer's size when it is freed, and serves the
            // next megabyte from a heap, where freeing it keeps it in the process.
            let larger = UnsafeMutableRawPointer.allocate(byteCount: 12 << 20, alignment: 16)
            larger.initializeMemory(as: UInt8.self, repeating: 1, count: 12 << 20)
            larger.deallocate()

            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            #expect(LargeAllocations.isMappedOnItsOwn(buffer))
        }
    #endif
}
