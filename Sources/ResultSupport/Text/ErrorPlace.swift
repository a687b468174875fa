/// How every module's error names the place of a problem, so they all read alike: `file:line: byte N: message`,
/// leaving out what is unknown.
package enum ErrorPlace {
    package static func describe(_ message: String, file: String?, line: Int? = nil, byteOffset: Int64? = nil)
        -> String
    {
        var place = file ?? ""
        if let line { place += ":\(line)" }
        var parts = place.isEmpty ? [] : [place]
        if let byteOffset { parts.append("byte \(byteOffset)") }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
