/// The pieces the library's `description`s and `debugDescription`s are
/// made of, in one place, so every value prints the same way: counts with
/// their noun, identities, and lists that stay one readable line however
/// long they are.
package enum DescriptionText {
  /// How many entries a list shows in full; a longer one shows the first
  /// `listLimit - 1`, an ellipsis and the last.
  package static let listLimit = 5

  /// `"1 item"`, `"2 items"`, `"0 sections"`: `count` with `noun`, which
  /// takes an `s` unless `count` is 1.
  package static func count(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
  }

  /// An identity (of an item or a section) as a description shows it: a
  /// string quoted (`"inbox"`), anything else as `String(describing:)`
  /// (`7`, `2/main`), so no type name gets in the way.
  package static func identity(_ value: some Any) -> String {
    if let string = value as? String { return String(reflecting: string) }
    return String(describing: value)
  }

  /// The entries of `list`, each as `text` gives it, separated by `", "`:
  /// every one when there are at most ``listLimit`` (or `abbreviated` is
  /// `false`), else the first ``listLimit`` − 1, `"…"` and the last:
  /// `"0.0, 0.1, 0.2, 0.3, …, 0.119"`.
  ///
  /// - Complexity: O(``listLimit``) calls of `text` when abbreviated,
  ///   else O(*n*), where *n* is the number of entries.
  package static func list<C: BidirectionalCollection>(
    _ list: C, abbreviated: Bool = true, _ text: (C.Element) -> String
  ) -> String {
    guard abbreviated, list.count > listLimit, let last = list.last else {
      return list.map(text).joined(separator: ", ")
    }
    return (list.prefix(listLimit - 1).map(text) + ["…", text(last)]).joined(separator: ", ")
  }

  /// A section by identity: its identity, then its items' identities in
  /// brackets, `"inbox" [1, 2, 3]`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of items.
  package static func section<ID: Hashable, Item: Identifiable>(
    _ section: SnapshotSection<ID, Item>
  ) -> String {
    identity(section.id) + " [" + list(section.items, abbreviated: false) { identity($0.id) } + "]"
  }
}
