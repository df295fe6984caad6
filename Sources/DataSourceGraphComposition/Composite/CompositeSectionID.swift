/// The identity of a section of a ``CompositeDataSource``: the key of the
/// child it comes from and its identity in that child.
///
/// Two children may use the same section identities (two feeds both with a
/// `"main"` section); the child key keeps them apart. A child's key is given
/// when the child joins the composite (0, 1, 2, … in the order children are
/// added, never reused) and stays with the child when children are reordered,
/// so a reorder is reported as section moves, not as deletes and inserts.
public struct CompositeSectionID<Base: Hashable>: Hashable, CustomStringConvertible {
  /// The key of the child (see ``CompositeDataSource/key(ofChildAt:)``).
  public var child: Int
  /// The section's identity in the child.
  public var section: Base

  /// Creates a composite section identity.
  public init(child: Int, section: Base) {
    self.child = child
    self.section = section
  }

  /// `"2/main"`.
  public var description: String { "\(child)/\(section)" }
}

extension CompositeSectionID: Sendable where Base: Sendable {}
