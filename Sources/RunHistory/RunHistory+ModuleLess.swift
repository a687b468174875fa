import Foundation
import ResultModel

extension RunHistory {
    /// For the tests of `digest` whose key the table lacks: the place of the table's key they match by
    /// ``ResultModel/ModuleLessMatching`` (a history of runs recorded without modules, a run with them, or the
    /// reverse), by position in the digest. `history add` keeps such a test's results under the key the table has.
    /// - Complexity: O(*n*) in the table and the run when some key is new, else O(*n*) lookups.
    func moduleLessPlaces(for digest: RunDigest) -> [Int: Int] {
        guard digest.tests.contains(where: { index(of: $0.key, hash: $0.keyHash) == nil }) else { return [:] }
        let pairs = ModuleLessMatching.pairs(old: keys, new: digest.tests.map(\.key))
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.new, $0.old) })
    }
}

/// The table's keys indexed for ``ResultModel/ModuleLessMatching``, built the first time a key is looked up that
/// the table does not have (most lookups find their key). Safe to use from several tasks.
final class ModuleLessLookup: @unchecked Sendable {
    private let keys: [String]
    private let lock = NSLock()
    // Guarded by `lock`.
    private var index: ModuleLessMatching.Index?

    init(keys: [String]) { self.keys = keys }

    /// The place of the one key that `key` matches by the rule, when there is one.
    func counterpart(of key: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if index == nil { index = ModuleLessMatching.Index(keys) }
        return index!.counterpart(of: key)
    }
}

/// The keys a history's window did not always pass (``HistoryAnalysis/unsettledKeys()``), as a quick first test before
/// the full lookup, that also answers for ids with or without a module the table has the other way.
public struct UnsettledKeys: Sendable {
    let keys: Set<String>
    /// The unsettled keys without their first component (the module, when they have one).
    let moduleLessForms: Set<Substring>

    /// Indexes `keys`.
    public init(_ keys: Set<String>) {
        self.keys = keys
        moduleLessForms = Set(keys.compactMap { ModuleLessMatching.droppingModule($0) })
    }

    /// Whether `id` may be unsettled: it is an unsettled key, or one by ``ResultModel/ModuleLessMatching``'s rule
    /// (so it is worth looking up); false means the history has it clean or not at all.
    public func contains(_ id: String) -> Bool {
        if keys.contains(id) || moduleLessForms.contains(Substring(id)) { return true }
        return ModuleLessMatching.droppingModule(id).map { keys.contains(String($0)) } ?? false
    }

    /// How many keys are unsettled.
    public var count: Int { keys.count }
}
