extension _HashedIDs {
  /// The hash the table files `id` by.
  ///
  /// An identity of a fixed-width integer type (`Int`, `Int64`, `Int32`
  /// and their unsigned kin, the usual database row identities) is
  /// hashed here: its bits, offset by a seed chosen once per process, then
  /// mixed by the finalizer of SplitMix64 (two multiplications and three
  /// shifts, about a tenth of what `hashValue` costs, which runs SipHash).
  /// Every other identity uses its `hashValue`.
  ///
  /// Every bit of the value reaches every bit of the hash, so
  /// consecutive values and values that differ only in their high bits
  /// spread over the buckets, and the seed keeps the order of buckets from
  /// being known ahead, as `Hasher`'s own seed does. The mix is not a keyed
  /// cryptographic hash: someone who can watch the table's timing and
  /// choose its integer identities could, in principle, find identities
  /// that collide and slow its inserts. The seed comes from `Hasher`, so
  /// `SWIFT_DETERMINISTIC_HASHING` fixes it too.
  ///
  /// - Complexity: O(1) for an integer identity; otherwise what its
  ///   `hash(into:)` costs.
  @inlinable @inline(__always)
  static func hash(of id: ID) -> Int {
    guard let bits = integerBits(of: id) else { return id.hashValue }
    var z = bits &+ _integerIdentitySeed
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: z ^ (z &>> 31))
  }

  /// The bits of `id` when its type is a fixed-width integer type the
  /// table hashes itself, else `nil`. In code specialized for the identity
  /// type, the checks fold away.
  @inlinable @inline(__always)
  static func integerBits(of id: ID) -> UInt64? {
    if ID.self == Int.self { return UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))) }
    if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
    if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
    if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
    if ID.self == Int32.self {
      return UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self)))
    }
    if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
    return nil
  }
}

/// The seed of the hash of integer identities (``_HashedIDs/hash(of:)``):
/// drawn by `Hasher` once per process, so random unless
/// `SWIFT_DETERMINISTIC_HASHING` is set.
@usableFromInline package let _integerIdentitySeed: UInt64 = {
  var hasher = Hasher()
  hasher.combine(0x6964_656E_7469_7479 as UInt64)
  return UInt64(UInt(bitPattern: hasher.finalize()))
}()
