import CSystemShims

/// How the C library places large allocations, for commands that stream tens of millions of tests through two
/// threads (`import`, `record`).
///
/// glibc gives an allocation of 128 KiB or more a mapping of its own, but the first time such a mapping is freed
/// it raises that threshold to the freed size (up to 32 MiB), and from then on those buffers come from its heaps:
/// the main one and one per thread that allocates (an importer's writer runs on whichever dispatch thread is
/// free). Freed there, they stay in the process, each heap keeping its own: an import of 10,000,000 tests,
/// whose writer sorts 8-12 MiB arrays once per 1,048,576 tests, kept 30 to 70 MB of freed memory resident, a
/// different amount each run, beside 55 MB in use.
public enum LargeAllocations {
    /// glibc's own starting threshold.
    public static let mappedFrom = 128 << 10

    /// From now on every allocation of ``mappedFrom`` bytes or more is mapped on its own and given back to the
    /// system when freed, whichever thread frees it. Returns whether the C library took the setting (glibc does;
    /// elsewhere nothing changes).
    @discardableResult
    public static func giveBackWhenFreed() -> Bool {
        rb_map_allocations_from(UInt(mappedFrom)) == 1
    }

    /// Whether the allocation at `pointer` is mapped on its own, and so goes back to the system when freed
    /// (`false` where the C library cannot tell).
    public static func isMappedOnItsOwn(_ pointer: UnsafeRawPointer) -> Bool { rb_is_mapped_on_its_own(pointer) == 1 }
}
