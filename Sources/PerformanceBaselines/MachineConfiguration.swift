import Foundation
import ResultModel

/// The kind of machine a run happened on, as far as performance goes: baselines set on one configuration apply
/// only to runs on the same one (XCTest keeps them per run destination the same way).
///
/// Two runs have the same configuration when their CPU model, logical core count, architecture, operating-system
/// family and label are all equal. The ``key`` spells all five, so it is readable in a file name and stable across
/// runs.
public struct MachineConfiguration: Sendable, Codable, Hashable, CustomStringConvertible {
    /// The CPU model as the system names it (`AMD EPYC 7B13`), or `unknown-cpu`.
    public var cpuModel: String
    /// Logical cores (hardware threads) the run could use.
    public var logicalCores: Int
    /// The CPU architecture (`x86_64`, `arm64`), or `unknown-arch`.
    public var architecture: String
    /// `linux`, `macos`, `windows`, or `unknown-os`.
    public var osFamily: String
    /// A user's name for a class of machines (`ci-large`), given with `--machine-label`; `nil` when none.
    public var label: String?

    /// Creates a configuration.
    public init(cpuModel: String, logicalCores: Int, architecture: String, osFamily: String, label: String? = nil) {
        self.cpuModel = cpuModel
        self.logicalCores = logicalCores
        self.architecture = architecture
        self.osFamily = osFamily
        self.label = label.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The configuration a run recorded, with `label`.
    public init(host: HostInfo, label: String? = nil) {
        self.init(
            cpuModel: host.cpuModel.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
                ?? "unknown-cpu",
            logicalCores: host.cpuCount ?? 0,
            architecture: Self.architecture(host.architecture),
            osFamily: Self.family(of: host),
            label: label)
    }

    /// The machine this process runs on.
    public static func current(label: String? = nil) -> MachineConfiguration {
        MachineConfiguration(host: HostProbe.current(), label: label)
    }

    /// Whether the run recorded its machine (a CPU model and a core count). Runs imported from a log often did
    /// not; their measurements are never judged against baselines, which could belong to any machine.
    public var isKnown: Bool { cpuModel != "unknown-cpu" && logicalCores > 0 }

    /// `linux-x86_64-amd-epyc-7b13-2cores` (and `-ci` with the label `ci`): every field, lowercase, with runs of
    /// other characters as one `-`, so a key is a safe file name (the CPU model is cut at 48 characters).
    ///
    /// A label the lowercase spelling does not keep exactly (`CI large`, `ci.large`) adds 8 hexadecimal digits of
    /// a hash of the label as given (`CI large` gives `-ci-large-7678ce7a`), so two labels never share a key; a CPU model cut at 48
    /// characters adds one of the whole model. Two configurations that still share a key (CPU models differing
    /// only in case or punctuation) are refused by the store rather than written over each other.
    public var key: String {
        let model = Self.slug(cpuModel)
        var parts = [osFamily, architecture, String(model.prefix(48)), "\(logicalCores)cores"].map(Self.slug)
        if model.count > 48 { parts[2] += "-" + Self.shortHash(cpuModel) }
        if let label {
            parts.append(Self.slug(label) == label ? label : Self.slug(label) + "-" + Self.shortHash(label))
        }
        return parts.joined(separator: "-")
    }

    /// 8 hexadecimal digits (the top 32 bits) of the ``ResultModel/StableHash`` of `text`.
    static func shortHash(_ text: String) -> String {
        let hex = String(StableHash.of(text) >> 32, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// `AMD EPYC 7B13, 2 logical cores, x86_64, linux (label ci)`.
    public var description: String {
        "\(cpuModel), \(logicalCores) logical cores, \(architecture), \(osFamily)"
            + (label.map { " (label \($0))" } ?? "")
    }

    /// Lowercase ASCII letters, digits and `_`, other runs as one `-`, no `-` at either end.
    static func slug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "x" : result
    }

    private static func architecture(_ raw: String?) -> String {
        switch raw?.lowercased() {
        case nil, "": "unknown-arch"
        case "amd64": "x86_64"
        case "aarch64": "arm64"
        case let other?: other
        }
    }

    private static func family(of host: HostInfo) -> String {
        let text = ((host.operatingSystem ?? "") + " " + (host.kernel ?? "")).lowercased()
        if text.contains("mac") || text.contains("darwin") { return "macos" }
        if text.contains("windows") { return "windows" }
        if text.contains("linux") || text.contains("debian") || text.contains("ubuntu") || host.kernel != nil {
            return "linux"
        }
        return "unknown-os"
    }
}
