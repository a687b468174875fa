import FuzzTargets

#if canImport(Glibc)
    import Glibc
#endif

// libFuzzer's entry points (the binary is linked with -sanitize=fuzzer). One binary serves every target:
// RESULTBUNDLE_FUZZ_TARGET names it, or the name the binary was started by does (`fuzz-junit`).
//
// SwiftPM links an executable with `main` defined as `<module>_main` (so tests can link executables), which hides
// the `main` of libFuzzer's runtime; this one hands over to libFuzzer's driver.

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("resultbundle_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzerTestOneInput)
}

nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>
) -> CInt {
    let invokedAs = argv.pointee[0].map { String(cString: $0) } ?? ""
    let fromName = invokedAs.split(separator: "/").last.map { String($0.dropFirst("fuzz-".count)) } ?? ""
    let name = getenv("RESULTBUNDLE_FUZZ_TARGET").map { String(cString: $0) } ?? fromName
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        let message = "resultbundle-fuzz: no target named '\(name)'; set RESULTBUNDLE_FUZZ_TARGET to one of: \(names)\n"
        _ = message.utf8CString.withUnsafeBytes { write(2, $0.baseAddress, $0.count - 1) }
        exit(2)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected?.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
