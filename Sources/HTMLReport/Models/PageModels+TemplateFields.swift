import Mustache

// Template field lookup by name with a switch instead of reflection: `Mirror` made rendering 100,000-test
// reports slow. Each case returns the field of the same name; keep them in step with PageModels.swift (a test
// renders every template, so a missing field shows up as missing output).

extension PageChrome: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "reportTitle": self.reportTitle
        case "csp": self.csp
        case "root": self.root
        case "generator": self.generator
        case "stylesHTML": self.stylesHTML
        case "scriptHTML": self.scriptHTML
        case "summary": self.summary
        default: nil
        }
    }
}

extension LinkModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "href": self.href
        default: nil
        }
    }
}

extension CountModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "value": self.value
        case "status": self.status
        case "href": self.href
        default: nil
        }
    }
}

extension FactModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "value": self.value
        default: nil
        }
    }
}

extension RunModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "facts": self.facts
        case "ciURL": self.ciURL
        case "ciText": self.ciText
        default: nil
        }
    }
}

extension FailureModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": self.href
        case "status": self.status
        case "message": self.message
        case "location": self.location
        case "label": self.label
        default: nil
        }
    }
}

extension RowModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": self.href
        case "status": self.status
        case "duration": self.duration
        default: nil
        }
    }
}

extension PerformanceModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": self.href
        case "metric": self.metric
        case "average": self.average
        case "change": self.change
        case "verdictText": self.verdictText
        case "verdictClass": self.verdictClass
        case "isFailure": self.isFailure
        default: nil
        }
    }
}

// Overview and shell (issue 22, item 1).

extension HeaderSummaryModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "verdict": self.verdict
        case "verdictStatus": self.verdictStatus
        case "counts": self.counts
        default: nil
        }
    }
}

extension TreeLeafModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": self.href
        case "status": self.status
        case "duration": self.duration
        default: nil
        }
    }
}

extension TreeSuiteModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": self.href
        case "totalText": self.totalText
        case "failed": self.failed
        case "skipped": self.skipped
        case "hasFailed": self.hasFailed
        case "hasSkipped": self.hasSkipped
        case "duration": self.duration
        case "isOpen": self.isOpen
        case "tests": self.tests
        case "hasTests": self.hasTests
        default: nil
        }
    }
}

extension TreeModuleModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "totalText": self.totalText
        case "failed": self.failed
        case "skipped": self.skipped
        case "hasFailed": self.hasFailed
        case "hasSkipped": self.hasSkipped
        case "duration": self.duration
        case "isOpen": self.isOpen
        case "suites": self.suites
        default: nil
        }
    }
}

extension IndexPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "verdict": self.verdict
        case "verdictClass": self.verdictClass
        case "summaryLine": self.summaryLine
        case "counts": self.counts
        case "testCount": self.testCount
        case "search": self.search
        case "runs": self.runs
        case "failures": self.failures
        case "hasFailures": self.hasFailures
        case "moreFailures": self.moreFailures
        case "moreFailuresHref": self.moreFailuresHref
        case "slowest": self.slowest
        case "performance": self.performance
        case "hasPerformance": self.hasPerformance
        case "tree": self.tree
        case "treeHasTests": self.treeHasTests
        case "treeTestLimit": self.treeTestLimit
        case "moreSuites": self.moreSuites
        case "statusBarHTML": self.statusBarHTML
        case "histogramHTML": self.histogramHTML
        case "trendsHTML": self.trendsHTML
        case "flakyCount": self.flakyCount
        case "hasFlaky": self.hasFlaky
        case "matrixHTML": self.matrixHTML
        default: nil
        }
    }
}

extension GroupModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": self.title
        case "rowsHTML": self.rowsHTML
        default: nil
        }
    }
}

extension PageLinkModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": self.label
        case "href": self.href
        case "isCurrent": self.isCurrent
        case "isGap": self.isGap
        default: nil
        }
    }
}

extension ListPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "heading": self.heading
        case "description": self.description
        case "groups": self.groups
        case "isEmpty": self.isEmpty
        case "pages": self.pages
        case "hasPages": self.hasPages
        default: nil
        }
    }
}

extension AttachmentModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": self.id
        case "name": self.name
        case "mediaType": self.mediaType
        case "size": self.size
        case "href": self.href
        case "isImage": self.isImage
        case "previewHTML": self.previewHTML
        case "snapshotHTML": self.snapshotHTML
        default: nil
        }
    }
}

extension MeasurementModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "unit": self.unit
        case "chartHTML": self.chartHTML
        case "stats": self.stats
        case "verdictText": self.verdictText
        case "verdictClass": self.verdictClass
        default: nil
        }
    }
}

extension AttemptModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "number": self.number
        case "label": self.label
        case "showLabel": self.showLabel
        case "status": self.status
        case "duration": self.duration
        case "reason": self.reason
        case "issuesHTML": self.issuesHTML
        case "activitiesHTML": self.activitiesHTML
        case "outputHTML": self.outputHTML
        case "hasAttachments": self.hasAttachments
        case "images": self.images
        case "hasImages": self.hasImages
        case "files": self.files
        case "hasFiles": self.hasFiles
        case "measurements": self.measurements
        case "hasMeasurements": self.hasMeasurements
        default: nil
        }
    }
}

extension CaseModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "arguments": self.arguments
        case "status": self.status
        case "issuesHTML": self.issuesHTML
        default: nil
        }
    }
}

extension TestPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "breadcrumbs": self.breadcrumbs
        case "name": self.name
        case "displayName": self.displayName
        case "status": self.status
        case "duration": self.duration
        case "locationHTML": self.locationHTML
        case "cases": self.cases
        case "hasCases": self.hasCases
        case "properties": self.properties
        case "hasProperties": self.hasProperties
        case "historyHTML": self.historyHTML
        case "attempts": self.attempts
        case "selfHref": self.selfHref
        case "permalink": self.permalink
        case "timelineHTML": self.timelineHTML
        default: nil
        }
    }
}

extension MatrixPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": self.chrome
        case "heading": self.heading
        case "description": self.description
        case "tableHTML": self.tableHTML
        default: nil
        }
    }
}

// Search (issue 22, scale).
extension SearchModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "shards": self.shards
        case "listPageSize": self.listPageSize
        case "statusListPageSize": self.statusListPageSize
        case "recordBlockSize": self.recordBlockSize
        default: nil
        }
    }
}
