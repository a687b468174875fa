import Foundation

extension FrameSource {
    /// Walks every frame from `start` to the end of the file in order, calling `visit` with each valid frame.
    ///
    /// Damage does not stop the walk: the scanner searches for the next frame magic whose checksum holds and
    /// reports the skipped bytes; damage with no valid frame after it is the torn tail.
    /// - Complexity: O(file size); one frame (record batches, index) or one 1 MiB chunk (blobs) in memory.
    func scan(from start: Int64, visit: (CheckedFrame) throws -> Void) throws -> [BundleDamage] {
        var damage: [BundleDamage] = []
        var position = start
        var searchBudget = 4 * size + (64 << 20)
        while position < size {
            let frame: CheckedFrame
            do {
                frame = try checkedFrame(at: position)
            } catch let problem as BundleError where problem.code != .io {
                if let next = try resynchronize(after: position, budget: &searchBudget) {
                    damage.append(
                        BundleDamage(
                            kind: .damagedFrame, byteOffset: position, length: next - position,
                            message:
                                "\(problem.message); \(next - position) bytes skipped, reading resumes at byte \(next)")
                    )
                    position = next
                    continue
                }
                damage.append(
                    BundleDamage(
                        kind: .tornTail, byteOffset: position, length: size - position,
                        message: "torn tail: \(problem.message); the last \(size - position) bytes are an incomplete"
                            + " frame and are ignored, everything before byte \(position) reads"))
                break
            }
            try visit(frame)
            position = frame.end
        }
        return damage
    }
}
