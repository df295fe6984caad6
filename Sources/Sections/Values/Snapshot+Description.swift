extension Snapshot: CustomStringConvertible, CustomDebugStringConvertible {
  /// The counts, `"2 sections, 4 items"`.
  ///
  /// - Complexity: O(1).
  public var description: String {
    DescriptionText.count(numberOfSections, "section") + ", "
      + DescriptionText.count(numberOfItems, "item")
  }

  /// The content by identity: each section's identity, then its items'
  /// identities in order, `Snapshot(2 sections: "inbox" [1, 2, 3], "archive" [7])`
  /// (a string identity quoted, any other as `String(describing:)`);
  /// `Snapshot(0 sections)` when empty. Headers, footers and item values
  /// are left out.
  ///
  /// - Complexity: O(*s* + *n*), where *s* is the number of sections and
  ///   *n* the number of items.
  public var debugDescription: String {
    let count = DescriptionText.count(numberOfSections, "section")
    guard !sections.isEmpty else { return "Snapshot(\(count))" }
    return "Snapshot(\(count): "
      + DescriptionText.list(sections, abbreviated: false) { DescriptionText.section($0) } + ")"
  }
}

extension Snapshot.Skipped: CustomStringConvertible, CustomDebugStringConvertible {
  /// What was left out, by count: `"1 section, 2 items skipped"`,
  /// `"2 items skipped"`, `"nothing skipped"`.
  public var description: String {
    var counts: [String] = []
    if !sectionIDs.isEmpty { counts.append(DescriptionText.count(sectionIDs.count, "section")) }
    if !itemIDs.isEmpty { counts.append(DescriptionText.count(itemIDs.count, "item")) }
    return counts.isEmpty ? "nothing skipped" : counts.joined(separator: ", ") + " skipped"
  }

  /// What was left out, by identity, in input order:
  /// `Skipped(sections: "inbox"; items: 1, 2)`, `Skipped(items: 7)`,
  /// `Skipped(nothing)`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of identities.
  public var debugDescription: String {
    var lists: [String] = []
    if !sectionIDs.isEmpty {
      lists.append(
        "sections: "
          + DescriptionText.list(sectionIDs, abbreviated: false) { DescriptionText.identity($0) })
    }
    if !itemIDs.isEmpty {
      lists.append(
        "items: "
          + DescriptionText.list(itemIDs, abbreviated: false) { DescriptionText.identity($0) })
    }
    return "Skipped(" + (lists.isEmpty ? "nothing" : lists.joined(separator: "; ")) + ")"
  }
}
