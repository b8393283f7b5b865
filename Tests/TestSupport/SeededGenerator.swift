/// SplitMix64: a seeded generator, so that a failing random run draws the same again
/// from its seed. Inlinable, so that the in-memory schedules, built optimized, draw
/// without a call into this unoptimized module for every number.
@frozen public struct SeededGenerator: RandomNumberGenerator {
    @usableFromInline var state: UInt64

    @inlinable public init(seed: UInt64) { state = seed }

    @inlinable public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
