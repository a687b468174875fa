import Foundation
import ResultModel
import ResultSupport

extension TestPageBuilder {
    /// Media types shown inline as the gallery's images. SVG is never among them: it can carry script.
    static let inlineImageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// The largest attachment the single file holds, as a `data:` URL; a larger one is named and not included.
    static let inlineAttachmentLimit = 4 << 20

    /// The expected/actual pairs among an attempt's images (``ImageComparisonPairs``); ids start with `idPrefix`.
    static func imageComparisons(_ images: [AttachmentModel], idPrefix: String) -> [ImageComparisonModel] {
        ImageComparisonPairs.pairs(images.map(\.name)).enumerated().map { number, pair in
            let expected = images[pair.expected]
            let actual = images[pair.actual]
            let diff = pair.diff.map { images[$0] }
            return ImageComparisonModel(
                id: "\(idPrefix)comparison-\(number + 1)",
                title: pair.stem.isEmpty ? "Expected and actual" : "\(pair.stem): expected and actual",
                expectedName: expected.name, expectedHref: expected.href, actualName: actual.name,
                actualHref: actual.href, diffName: diff?.name, diffHref: diff?.href)
        }
    }

    /// An attachment's view model, exporting its content into the report folder (up to ``attachmentExportLimit``),
    /// or for the single file holding it as a `data:` URL (up to ``inlineAttachmentLimit``): images for the gallery,
    /// text and JSON with a numbered preview, terminal snapshots drawn as text grids.
    func attachmentModel(_ attachment: AttachmentRecord, id: String) throws -> AttachmentModel {
        let path = ReportPaths.attachment(
            name: attachment.name, sha256: attachment.blob.sha256, mediaType: attachment.mediaType)
        var data: Data?
        if attachment.size <= attachmentExportLimit {
            data = try? source.blobData(attachment.blob)
            if let files, let data, !files.exists(path) { try files.write(data, to: path) }
        }
        var preview: String?
        var snapshot: String?
        let isJSON = TextPreviewHTML.isJSON(mediaType: attachment.mediaType, name: attachment.name)
        if attachment.kind == .terminalSnapshot, let data,
            let decoded = try? JSONDecoder().decode(TerminalSnapshot.self, from: data)
        {
            snapshot = TerminalSnapshotHTML.render(decoded, label: "Terminal snapshot: \(attachment.name)")
        } else if attachment.kind == .text || attachment.mediaType.hasPrefix("text/") || isJSON, let data {
            preview = TextPreviewHTML.render(data, isJSON: isJSON)
        }
        let isInlineImage = Self.inlineImageTypes.contains(attachment.mediaType.lowercased())
        var href: String
        var isLinked = data != nil
        switch links {
        case .files:
            href = "../" + path
        case .singleFile:
            // An image is a `data:` URL of its own type, which never runs script (SVG is not among them); anything
            // else is bytes to download. Past the limit, the link leads to the attachment's own item.
            if let data, data.count <= Self.inlineAttachmentLimit {
                href =
                    "data:" + (isInlineImage ? attachment.mediaType.lowercased() : "application/octet-stream")
                    + ";base64," + data.base64EncodedString()
            } else {
                href = "#" + id
                isLinked = false
            }
        }
        return AttachmentModel(
            id: id,
            name: DisplayText.clean(attachment.name),
            mediaType: DisplayText.clean(attachment.mediaType),
            size: ReportFormatting.size(attachment.size),
            href: href,
            isImage: isInlineImage && isLinked,
            previewHTML: preview,
            snapshotHTML: snapshot
        )
    }
}
