import Foundation

/// The elements one XML format acts on: the names handed to ``XMLStreamReader`` are ``names``, and the reader's
/// element index turns back into a case with ``init(index:)``.
public protocol XMLElementSet: RawRepresentable<Int>, CaseIterable, Sendable {
    /// The element's local name in a document.
    var name: StaticString { get }
    /// The case for every element the format does not act on (its name is never matched).
    static var other: Self { get }
}

extension XMLElementSet {
    /// The local names of every case but ``other``, in index order (the cases' raw values must be their
    /// positions, ``other`` last).
    public static var names: [StaticString] { allCases.filter { $0 != other }.map(\.name) }
}

/// Comparisons of libxml2's NUL-terminated names with literals, without building a `String`.
enum XMLName {
    /// Whether `name` is `literal`.
    static func `is`(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        strcmp(
            UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self),
            UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }
}
