import Foundation

extension NumberText {
    /// A size in bytes as people read it, in steps of 1,024: `512 B`, `1.5 KB`, `120.9 MB`, `1.2 GB`, one decimal
    /// from a kilobyte on.
    package static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        // 1023.96 KB would read "1024.0 KB": such a value is shown in the next unit.
        while value >= 1023.95, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int(saturating: (value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
