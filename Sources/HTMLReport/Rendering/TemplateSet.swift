import Foundation
import Mustache

/// The templates and assets a report renders with: the embedded copies, each replaced by a file of the same name
/// from an override folder when one is given.
struct TemplateSet {
    private(set) var library: MustacheLibrary
    let stylesheet: String
    let script: String
    /// The index page's search (`search.js`).
    let searchScript: String

    init(overrides directory: URL?) throws {
        var files = EmbeddedTemplates.files
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { throw ReportError(.template, "the templates folder does not exist", file: directory.path) }
            for name in files.keys {
                let url = directory.appendingPathComponent(name)
                if let text = try? String(contentsOf: url, encoding: .utf8) { files[name] = text }
            }
        }
        var library = MustacheLibrary()
        for (name, text) in files where name.hasSuffix(".mustache") {
            do {
                try library.register(text, named: String(name.dropLast(".mustache".count)))
            } catch {
                throw ReportError(
                    .template, "the template does not parse: \(error)", file: name,
                    underlying: error)
            }
        }
        self.library = library
        stylesheet = (files["report.css"] ?? "") + "\n" + TerminalColorsCSS.palette
        script = files["report.js"] ?? ""
        searchScript = files["search.js"] ?? ""
    }

    /// The same templates drawing each page's content alone: the page shell's partials (`header`, `footer`) left
    /// empty, for pages that are sections of one document wearing the shell once (the single file).
    func withoutPageShell() throws -> TemplateSet {
        var copy = self
        for partial in ["header", "footer"] { try copy.library.register("", named: partial) }
        return copy
    }

    func render(_ model: Any, template: String) throws -> String {
        guard let html = library.render(model, withTemplate: template) else {
            throw ReportError(.template, "no template named \(template)")
        }
        return html
    }
}
