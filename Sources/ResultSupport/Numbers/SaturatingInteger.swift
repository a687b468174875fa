extension Int {
    /// `value` rounded toward zero, or the nearest `Int` when it does not fit: `Int.max` for `1e20` and `+inf`,
    /// `Int.min` for `-inf`, and 0 for NaN. `Int(_:)` traps on all of these; data from files reaches numbers
    /// like them (a duration of `1e20`, a core count of `inf`).
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value < -0x1p63 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
