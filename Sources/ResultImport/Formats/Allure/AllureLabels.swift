import ResultModel

/// What an Allure result's `labels` say about its test: the suites (`parentSuite`, `suite`, `subSuite`) and
/// module (`package`, unless it only repeats the suites, as allure-pytest's does), the tags (`tag` labels as they
/// are, `epic`, `feature`, `story`, `severity` and `owner` as `name:value`) and the rest as properties (`host`,
/// `thread`, `framework`, `language`, ...).
struct AllureLabels {
    /// The labels in order, as name and value.
    let labels: [NameValue]

    /// Labels that place the test in the tree, not tags or properties.
    static let placing: Set<String> = ["parentSuite", "suite", "subSuite", "package", "testClass", "testMethod"]
    /// Labels that classify the test, written as `name:value` tags.
    static let classifying: Set<String> = ["epic", "feature", "story", "severity", "owner"]

    /// Reads the `labels` array of a result.
    init(_ value: JSONValue?) {
        labels = (value?.array ?? []).compactMap { label in
            guard let name = label["name"]?.string, let value = label["value"]?.string else { return nil }
            return NameValue(name: name, value: value)
        }
    }

    /// The first value of the label `name`.
    func value(_ name: String) -> String? { labels.first { $0.name == name }?.value }

    /// The module and suites of the test, outermost first.
    var scope: (module: String?, suites: [String]) {
        var suites = ["parentSuite", "suite", "subSuite"].compactMap { value($0) }.filter { !$0.isEmpty }
        if suites.isEmpty, let testClass = value("testClass"), !testClass.isEmpty { suites = [testClass] }
        let package = value("package").flatMap { $0.isEmpty ? nil : $0 }
        guard let package, package != suites.joined(separator: ".") else { return (nil, suites) }
        return (package, suites)
    }

    /// `tag` labels as they are, then the classifying labels as `name:value`, each once.
    var tags: [String] {
        var tags: [String] = []
        for label in labels {
            let tag: String
            if label.name == "tag" {
                tag = label.value
            } else if Self.classifying.contains(label.name) {
                tag = "\(label.name):\(label.value)"
            } else {
                continue
            }
            if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// The labels that are neither places nor tags, as properties.
    var properties: [NameValue] {
        labels.filter { $0.name != "tag" && !Self.placing.contains($0.name) && !Self.classifying.contains($0.name) }
    }
}
