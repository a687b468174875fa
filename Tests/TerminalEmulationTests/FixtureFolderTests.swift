import Testing

/// The tests over every captured stream take their arguments from `Fixtures.all`, which is empty when the folder is
/// not found: without this check they would run no case and pass.
@Suite struct FixtureFolderTests {
    @Test func everyCapturedStreamIsFound() {
        #expect(Fixtures.all.count >= 30, "\(Fixtures.folder.path) holds \(Fixtures.all.count) streams")
        #expect(Fixtures.all.contains { $0.name == "htop.80x24.ans" && $0.columns == 80 && $0.rows == 24 })
    }
}
