import Foundation
import ResultModel

/// Reads facts about the machine a run happens on: host name, operating system, kernel, CPU and memory (what
/// `record` stores in a run, and what ``MachineConfiguration/current(label:)`` is made of).
///
/// Everything is best effort: a fact that cannot be read is left `nil`. Reads only small files under `/proc`
/// and `/etc` (Linux) and `uname`.
public enum HostProbe {
    /// The current machine's description.
    public static func current() -> HostInfo {
        var info = HostInfo()
        info.hostname = ProcessInfo.processInfo.hostName
        info.cpuCount = ProcessInfo.processInfo.activeProcessorCount
        info.memoryBytes = Int64(clamping: ProcessInfo.processInfo.physicalMemory)
        var system = utsname()
        if uname(&system) == 0 {
            info.kernel = field(&system.release)
            info.architecture = field(&system.machine)
            info.operatingSystem = field(&system.sysname)
        }
        if let osRelease = readSmallFile("/etc/os-release"), let pretty = osReleaseName(osRelease) {
            info.operatingSystem = pretty
        } else {
            let version = ProcessInfo.processInfo.operatingSystemVersionString
            if !version.isEmpty { info.operatingSystem = version }
        }
        if let cpuinfo = readSmallFile("/proc/cpuinfo") {
            info.cpuModel = cpuModelName(cpuinfo)
        }
        return info
    }

    /// The `PRETTY_NAME` (or `NAME` and `VERSION`) of an `/etc/os-release` file.
    public static func osReleaseName(_ contents: String) -> String? {
        var values: [String: String] = [:]
        for line in contents.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            var value = String(line[line.index(after: equals)...])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            values[key] = value
        }
        if let pretty = values["PRETTY_NAME"] { return pretty }
        guard let name = values["NAME"] else { return nil }
        return [name, values["VERSION"]].compactMap { $0 }.joined(separator: " ")
    }

    /// The first `model name` (x86) or `Model`/`Hardware` (ARM) line of `/proc/cpuinfo`.
    public static func cpuModelName(_ contents: String) -> String? {
        for key in ["model name", "Model", "Hardware", "cpu model"] {
            for line in contents.split(separator: "\n") where line.hasPrefix(key) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { return value }
            }
        }
        return nil
    }

    private static func readSmallFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func field<T>(_ value: inout T) -> String {
        withUnsafeBytes(of: &value) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
