import Foundation
import ResultModel
import Testing

@testable import ResultBundle

@Suite struct BundleVersionTests {
    @Test func aNewerMajorVersionIsRefusedNamingBothVersions() throws {
        let (url, _) = try TestBundles.writeMixed("major")
        var bytes = try [UInt8](Data(contentsOf: url))
        bytes[8] = 2
        bytes[10] = 3
        let newer = try TestBundles.file(bytes, "newer")
        let error = try #require(throws: BundleError.self) { try BundleReader(url: newer) }
        #expect(error.code == .newerMajorVersion)
        #expect(
            error.message
                == "newer.resultbundle is format 2.3; this resultbundle reads format 1.x — upgrade resultbundle")
    }

    @Test func unknownKindsFieldsAndFrameTypesOfANewerMinorAreSkipped() throws {
        let lines = [
            #"{"kind":"run","runIndex":0,"run":{"producer":"future","source":"record","command":[],"host":{"quantumBits":4},"environment":[],"inputs":[],"newField":1}}"#,
            #"{"kind":"hologram","runIndex":0,"data":{"x":[1,2,3]}}"#,
            #"{"test":{"identity":{"module":"M","suites":["S"],"name":"t()"},"status":"teleported","attempts":[{"status":"passed","sparkles":true}],"newTestField":"x"},"kind":"test"}"#,
            #"{"kind":"test","test":{"identity":{"name":"u()"},"status":"passed","attempts":[{"status":"passed"}]}}"#,
        ]
        let unknownFrame = TestBundles.frame(type: 0x5A, compressed: false, payload: Array("future data".utf8))
        let bytes =
            TestBundles.header(minor: 9) + (try TestBundles.recordBatch(lines.joined(separator: "\n") + "\n"))
            + unknownFrame
        let url = try TestBundles.file(bytes, "minor")
        let reader = try BundleReader(url: url)
        #expect(reader.formatVersion == FormatVersion(major: 1, minor: 9))
        #expect(reader.damage.map(\.kind) == [.missingIndex])
        let tests = try TestBundles.tests(of: reader)
        #expect(tests.map(\.id) == ["M/S/t()", "u()"])
        #expect(tests.first?.status == .unknown)
        #expect(reader.runs.first?.record.producer == "future")
        let report = try reader.verify()
        #expect(report.unknownRecordCount == 1 && report.unknownFrameCount == 1 && report.testCount == 2)
        #expect(report.problems.map(\.kind) == [.missingIndex])
    }
}
