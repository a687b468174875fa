import Foundation

/// The seed of a randomized test. A fresh seed each run keeps exploring new cases; the failure message names it,
/// and `RESULTBUNDLE_TEST_SEED=<seed>` replays exactly that run.
public struct TestSeed: CustomStringConvertible, Sendable {
    /// The environment variable that fixes the seed.
    public static let variable = "RESULTBUNDLE_TEST_SEED"

    /// The seed's value.
    public let value: UInt64

    /// The seed in `RESULTBUNDLE_TEST_SEED` when it is set, else a random one.
    /// - Throws: ``TestSeedError`` when the variable is set but is not a decimal unsigned 64-bit number.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let text = environment[Self.variable] else {
            value = UInt64.random(in: 0...UInt64.max)
            return
        }
        guard let parsed = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
            throw TestSeedError(text: text)
        }
        value = parsed
    }

    /// A generator that yields the same numbers for the same seed.
    public func makeGenerator() -> SeededGenerator { SeededGenerator(seed: value) }

    /// What a failure message says, so the run can be replayed.
    public var description: String { "seed \(value) (replay with \(Self.variable)=\(value))" }
}

/// `RESULTBUNDLE_TEST_SEED` holds something other than a seed.
public struct TestSeedError: Error, CustomStringConvertible {
    /// The variable's text.
    public let text: String

    public var description: String {
        "\(TestSeed.variable)=\(text) is not a seed: give a decimal number from 0 to \(UInt64.max)"
    }
}
