/// The identity of a section of a ``CompositeDataSource``: the key of the
/// child it comes from and its identity in that child.
///
/// Two children may use the same section identities (two feeds both with a
/// `"main"` section); the child key keeps them apart. A child's key is given
/// when the child joins the composite (0, 1, 2, … in the order children are
/// added, never reused) and stays with the child when children are reordered,
/// so a reorder is reported as section moves, not as deletes and inserts.
///
/// The child's identity is kept as `AnyHashable`, so children whose section
/// identities have different types (a leaf's `String`, a nested composite's
/// `CompositeSectionID`) sit in one composite, and no app spells a child's
/// identity type: `CompositeSectionID(child: 1, section: "main")`.
public struct CompositeSectionID: Hashable, CustomStringConvertible {
  /// The key of the child (see ``CompositeDataSource/key(ofChildAt:)``).
  public let child: Int
  /// The section's identity in the child; `section.base` is the child's
  /// own value.
  public let section: AnyHashable

  /// Creates a composite section identity.
  public init(child: Int, section: some Hashable & Sendable) {
    self.child = child
    self.section = AnyHashable(section)
  }

  /// An identity from a child's section identity already erased by the
  /// composite, which takes only children with `Sendable` identities.
  init(child: Int, erasedSection section: AnyHashable) {
    self.child = child
    self.section = section
  }

  /// `"2/main"`.
  public var description: String { "\(child)/\(section)" }
}

// `section` only ever holds a `Sendable` value: the public initializer takes
// one, and a composite takes only children whose section identities are
// `Sendable`.
extension CompositeSectionID: @unchecked Sendable {}
