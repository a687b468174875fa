/// The one rule by which a test id recorded without its module matches the same test's id with its module.
///
/// XCTest on Linux prints a test as `Class.testMethod` when it runs tests one after another and as
/// `Module.Class/testMethod` under `swift test --parallel`, so runs of the same code may give a test the id
/// `Class/testMethod` in one and `Module/Class/testMethod` in the other (``TestIdentity/id``). `compare`, the history
/// and the baselines match such ids by this rule (docs/COMPARE.md):
///
/// - Ids that are equal match, first.
/// - Otherwise an id matches the id of the other side that is the same id with its first component (the module)
///   removed, or with one component added in front, when that counterpart is the only one: an id `Suite/test`
///   whose other side holds both `A/Suite/test` and `B/Suite/test` matches neither, and `A/Suite/test` does not
///   match `Suite/test` when the other side also holds `B/Suite/test`.
/// - Between two runs the match must hold both ways, and only ids without an equal id on the other side take part
///   (``pairs(old:new:)``); a lookup of one id in a set (a history's tests, a baseline file) uses the first half
///   (``Index/counterpart(of:)``).
///
/// The ids may carry what follows a test's id in a key (`[arguments]` of a case, `@configuration`): the rule only
/// looks at the first component.
public enum ModuleLessMatching {
    /// `id` without its first component: `Module/Suite/test` → `Suite/test`; nil for an id of one component.
    public static func droppingModule(_ id: some StringProtocol) -> Substring? {
        guard let slash = id.utf8.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let rest = Substring(id)[id.index(after: slash)...]
        return rest.isEmpty ? nil : rest
    }

    /// The ids of one side (a run, a history's table, a baseline file), by position, indexed for the rule.
    /// Not safe to mutate from several tasks; reading is.
    public struct Index: Sendable {
        /// Each id's position.
        private var positions: [String: Int] = [:]
        /// The positions of ids by their form without a module; -1 when several ids share that form.
        private var byModuleLessForm: [Substring: Int] = [:]

        /// Indexes `ids`; a position is an offset in `ids` (the first of equal ids).
        /// - Complexity: O(*n*) in the number of ids.
        public init(_ ids: [String]) {
            positions.reserveCapacity(ids.count)
            byModuleLessForm.reserveCapacity(ids.count)
            for (position, id) in ids.enumerated() where positions[id] == nil {
                positions[id] = position
                guard let form = droppingModule(id) else { continue }
                byModuleLessForm[form] = byModuleLessForm[form] == nil ? position : -1
            }
        }

        /// The position of `id`, when it is indexed.
        public func position(of id: String) -> Int? { positions[id] }

        /// The position of the one indexed id that is `id` with a module added or removed (the rule's first
        /// half); nil when `id` itself is indexed, when there is none, or when the match is not unique.
        public func counterpart(of id: String) -> Int? {
            guard positions[id] == nil else { return nil }
            var found: Int?
            // `id` with a module added: the only indexed id whose module-less form is `id`.
            if let position = byModuleLessForm[Substring(id)] {
                guard position >= 0 else { return nil }
                found = position
            }
            // `id` without its module: indexed, and no indexed id is that form with another module.
            if let form = droppingModule(id), let position = positions[String(form)], byModuleLessForm[form] == nil {
                guard found == nil else { return nil }
                found = position
            }
            return found
        }
    }

    /// The pairs of ids of two runs that match by the rule (none of them has an equal id on the other side):
    /// each pair's position in `old` and in `new`.
    /// - Complexity: O(*n*) in the number of ids.
    public static func pairs(old: [String], new: [String]) -> [(old: Int, new: Int)] {
        let oldIndex = Index(old)
        let newIndex = Index(new)
        var result: [(old: Int, new: Int)] = []
        for (position, id) in new.enumerated() where newIndex.position(of: id) == position {
            guard let match = oldIndex.counterpart(of: id), newIndex.position(of: old[match]) == nil,
                newIndex.counterpart(of: old[match]) == position
            else { continue }
            result.append((match, position))
        }
        return result
    }
}
