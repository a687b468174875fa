import Foundation
import ResultSupport
import Testing

/// Large buffers freed on any thread go back to the system, however large a buffer freed before them was.
struct LargeAllocationsTests {
    #if canImport(Glibc)
        /// In a process of its own: in the test process, the heaps hold the freed memory of every other test, and
        /// glibc serves a request from a free chunk that fits before it considers a mapping.
        @Test func aBufferAfterALargerOneWasFreedIsStillMappedOnItsOwn() async {
            await #expect(processExitsWith: .success) {
                guard LargeAllocations.giveBackWhenFreed() else { exit(2) }
                // Left to itself, glibc raises its threshold to this buffer's size when it is freed, and serves the
                // next megabyte from a heap, where freeing it keeps it in the process.
                let larger = UnsafeMutableRawPointer.allocate(byteCount: 12 << 20, alignment: 16)
                larger.initializeMemory(as: UInt8.self, repeating: 1, count: 12 << 20)
                larger.deallocate()
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
                exit(LargeAllocations.isMappedOnItsOwn(buffer) ? 0 : 1)
            }
        }
    #endif
}
