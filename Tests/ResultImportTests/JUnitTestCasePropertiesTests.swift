import Foundation
import ResultImport
import ResultModel
import Testing
import _TestSupport

/// A `<testcase>`'s own `<properties>` (trainer's per-retry `repetition`, pytest's `record_property`,
/// the Jenkins and Allure conventions) are kept on the test, apart from its suite's.
@Suite struct JUnitTestCasePropertiesTests {
    static let xml = """
        <testsuites>
        <testsuite name="pkg.Suite">
          <properties><property name="go.version" value="1.22"/></properties>
          <testcase classname="pkg.Suite" name="retried">
            <properties>
              <property name="repetition" value="1"/>
              <property name="repetition" value="2"/>
              <property name="description">first line
        second line</property>
            </properties>
            <failure message="boom" type="AssertionError"/>
          </testcase>
          <testcase classname="pkg.Suite" name="plain"/>
        </testsuite>
        </testsuites>
        """

    @Test func theTestKeepsItsPropertiesInOrderWithDuplicates() throws {
        let result = try ImportHarness.run(text: Self.xml, name: "props.xml")
        let test = try #require(result.results.tests.first { $0.identity.name == "retried" })
        #expect(
            test.properties == [
                NameValue(name: "repetition", value: "1"), NameValue(name: "repetition", value: "2"),
                NameValue(name: "description", value: "first line\nsecond line"),
            ])
        #expect(test.status == .failed)
        let plain = try #require(result.results.tests.first { $0.identity.name == "plain" })
        #expect(plain.properties.isEmpty)
    }

    @Test func theSuiteKeepsOnlyItsOwnProperties() throws {
        let result = try ImportHarness.run(text: Self.xml, name: "props.xml")
        let suite = try #require(result.results.suites.first)
        #expect(suite.properties == [NameValue(name: "go.version", value: "1.22")])
    }
}
