/// The bytes every bundle starts with, for tools that tell a bundle from another file without opening it.
public enum BundleFileMagic {
    /// `\x89RBUNDL\n` (docs/FORMAT.md, the file header).
    public static var bytes: [UInt8] { FileHeader.magic }
}
