/// Characters made of several scalars (a base and combining marks), stored once and referenced from cells.
///
/// Bounded: at most ``limit`` distinct clusters of at most ``maximumScalars`` scalars; past that, marks are
/// dropped.
struct ClusterTable: Sendable {
    /// The most distinct clusters kept.
    static let limit = 16_384
    /// The most scalars in one cluster.
    static let maximumScalars = 16

    private var clusters: [[Unicode.Scalar]] = []
    private var indexByCluster: [[Unicode.Scalar]: UInt32] = [:]

    /// The scalars a cell value stands for.
    func scalars(of value: UInt32) -> [Unicode.Scalar] {
        if value & Cell.clusterFlag != 0 {
            let index = Int(value & ~Cell.clusterFlag)
            return index < clusters.count ? clusters[index] : []
        }
        return Unicode.Scalar(value).map { [$0] } ?? []
    }

    /// Appends `text` to the character of a cell with `value`, returning the new cell value, or nil when full.
    mutating func combining(_ value: UInt32, with scalar: UInt32) -> UInt32? {
        guard let mark = Unicode.Scalar(scalar) else { return nil }
        var cluster = scalars(of: value)
        guard !cluster.isEmpty, cluster.count < Self.maximumScalars else { return nil }
        cluster.append(mark)
        if let index = indexByCluster[cluster] { return Cell.clusterFlag | index }
        guard clusters.count < Self.limit else { return nil }
        let index = UInt32(clusters.count)
        clusters.append(cluster)
        indexByCluster[cluster] = index
        return Cell.clusterFlag | index
    }

    /// Appends the text of a cell value to `text`.
    func append(_ value: UInt32, to text: inout String) {
        if value & Cell.clusterFlag == 0, let scalar = Unicode.Scalar(value) {
            text.unicodeScalars.append(scalar)
        } else {
            text.unicodeScalars.append(contentsOf: scalars(of: value))
        }
    }
}
