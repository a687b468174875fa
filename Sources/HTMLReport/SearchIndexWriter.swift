/// Writes the search data the index page loads when someone types in its search box: `search/N.js` files that
/// each append one array of `[name, status, href]` entries to `window.ResultBundleSearch`. Script files (not
/// fetch) because browsers block fetch under `file://`. Strings are JSON-escaped, with `<` escaped too.
enum SearchIndexWriter {
    static func write(_ tests: [TestSummary], chunkSize: Int = 5000, to files: ReportFileWriter) throws -> Int {
        var chunk = 0
        var start = 0
        while start < tests.count {
            chunk += 1
            let end = min(tests.count, start + chunkSize)
            var script = "window.ResultBundleSearch=window.ResultBundleSearch||[];window.ResultBundleSearch.push(["
            for index in start..<end {
                let test = tests[index]
                let href = test.hasPage ? test.href : "all-\(test.listPage).html#\(test.anchor)"
                if index > start { script += "," }
                script += "[\(json(test.name)),\(json(test.status.rawValue)),\(json(href))]"
            }
            script += "]);\n"
            try files.write(script, to: "search/\(chunk).js")
            start = end
        }
        return chunk
    }

    /// A JSON string literal safe inside a script file.
    static func json(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C && byte != 0x3C && byte != 0x3E && byte != 0x26
        }
        if plain { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
