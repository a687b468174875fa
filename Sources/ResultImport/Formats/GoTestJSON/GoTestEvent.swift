/// The members of one test2json event line that the reader uses, read straight from the line's bytes: the other
/// members are read (so damage is found as before) and dropped, and no tree of the line is built.
///
/// Each member is its line's first of that name, as ``JSONValue``'s lookup takes.
struct GoTestEvent {
    var action: JSONValue?
    var package: JSONValue?
    var test: JSONValue?
    var time: JSONValue?
    var output: JSONValue?
    var elapsed: JSONValue?
    var importPath: JSONValue?
    var failedBuild: JSONValue?

    /// Reads the object at `reader`'s position, whole.
    static func read(_ reader: inout JSONPullReader) throws -> GoTestEvent {
        var line = GoTestEvent()
        try reader.readObject { reader, key in
            let value = try reader.readValue()
            switch key {
            case "Action": line.action = line.action ?? value
            case "Package": line.package = line.package ?? value
            case "Test": line.test = line.test ?? value
            case "Time": line.time = line.time ?? value
            case "Output": line.output = line.output ?? value
            case "Elapsed": line.elapsed = line.elapsed ?? value
            case "ImportPath": line.importPath = line.importPath ?? value
            case "FailedBuild": line.failedBuild = line.failedBuild ?? value
            default: break
            }
        }
        return line
    }
}
