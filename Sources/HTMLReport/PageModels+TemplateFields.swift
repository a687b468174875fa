import Mustache

// Template field lookup by name with a switch instead of reflection: `Mirror` made rendering 100,000-test
// reports slow. Each case returns the field of the same name; keep them in step with PageModels.swift (a test
// renders every template, so a missing field shows up as missing output).

extension PageChrome: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "reportTitle": reportTitle
        case "csp": csp
        case "root": root
        case "generator": generator
        case "stylesHTML": stylesHTML
        case "scriptHTML": scriptHTML
        default: nil
        }
    }
}

extension LinkModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        default: nil
        }
    }
}

extension CountModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        case "status": status
        case "href": href
        default: nil
        }
    }
}

extension FactModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension RunModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": name
        case "facts": facts
        case "ciURL": ciURL
        case "ciText": ciText
        default: nil
        }
    }
}

extension FailureModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": name
        case "href": href
        case "status": status
        case "message": message
        case "location": location
        default: nil
        }
    }
}

extension RowModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": name
        case "href": href
        case "status": status
        case "duration": duration
        default: nil
        }
    }
}

extension PerformanceModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": name
        case "href": href
        case "metric": metric
        case "average": average
        case "verdictText": verdictText
        case "verdictClass": verdictClass
        default: nil
        }
    }
}

extension SuiteModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "module": module
        case "name": name
        case "href": href
        case "total": total
        case "failed": failed
        case "skipped": skipped
        default: nil
        }
    }
}

extension IndexPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "verdict": verdict
        case "verdictClass": verdictClass
        case "summaryLine": summaryLine
        case "counts": counts
        case "testCount": testCount
        case "searchChunkCount": searchChunkCount
        case "runs": runs
        case "failures": failures
        case "hasFailures": hasFailures
        case "moreFailures": moreFailures
        case "moreFailuresHref": moreFailuresHref
        case "slowest": slowest
        case "performance": performance
        case "hasPerformance": hasPerformance
        case "suites": suites
        case "moreSuites": moreSuites
        default: nil
        }
    }
}

extension GroupModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "rowsHTML": rowsHTML
        default: nil
        }
    }
}

extension PageLinkModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        case "isCurrent": isCurrent
        default: nil
        }
    }
}

extension ListPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "heading": heading
        case "description": description
        case "groups": groups
        case "isEmpty": isEmpty
        case "pages": pages
        case "hasPages": hasPages
        default: nil
        }
    }
}

extension IssueModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "kind": kind
        case "message": message
        case "location": location
        case "details": details
        case "sourceHTML": sourceHTML
        default: nil
        }
    }
}

extension AttachmentModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": name
        case "mediaType": mediaType
        case "size": size
        case "href": href
        case "isImage": isImage
        case "previewText": previewText
        case "snapshotHTML": snapshotHTML
        default: nil
        }
    }
}

extension MeasurementModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": name
        case "unit": unit
        case "chartHTML": chartHTML
        case "stats": stats
        case "verdictText": verdictText
        case "verdictClass": verdictClass
        default: nil
        }
    }
}

extension AttemptModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "showLabel": showLabel
        case "status": status
        case "duration": duration
        case "reason": reason
        case "issues": issues
        case "hasIssues": hasIssues
        case "activitiesHTML": activitiesHTML
        case "outputHTML": outputHTML
        case "attachments": attachments
        case "hasAttachments": hasAttachments
        case "measurements": measurements
        case "hasMeasurements": hasMeasurements
        default: nil
        }
    }
}

extension CaseModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "arguments": arguments
        case "status": status
        case "issues": issues
        default: nil
        }
    }
}

extension TestPageModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "chrome": chrome
        case "breadcrumbs": breadcrumbs
        case "name": name
        case "displayName": displayName
        case "status": status
        case "duration": duration
        case "location": location
        case "cases": cases
        case "hasCases": hasCases
        case "attempts": attempts
        default: nil
        }
    }
}
