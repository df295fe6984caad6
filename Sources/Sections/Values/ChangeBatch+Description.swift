extension ChangeBatch: CustomStringConvertible, CustomDebugStringConvertible {
  /// The changes on one line, by position, such as
  /// `"2 items inserted at 0.3, 0.4; 1 item moved 1.2 → 0.0"`, or
  /// `"no changes"`; long lists are abbreviated (the grammar is in
  /// ``ChangeBatch``'s discussion).
  ///
  /// - Complexity: O(1) in the length of the lists.
  public var description: String {
    isEmpty ? "no changes" : clauses(complete: false).joined(separator: "; ")
  }

  /// The changes with what the batch carries, by identity, no list
  /// abbreviated, such as
  /// `"ChangeBatch(1 section inserted at 0: "archive" [7, 8]; 1 item updated at 1.0 → 0.3: 5)"`
  /// (the format is in ``ChangeBatch``'s discussion).
  ///
  /// - Complexity: O(*k* + *n*), where *k* is the number of operations and
  ///   *n* the number of items in the inserted sections.
  public var debugDescription: String {
    "ChangeBatch(" + (isEmpty ? "no changes" : clauses(complete: true).joined(separator: "; "))
      + ")"
  }

  /// A clause for each kind of change in the batch, in the documented
  /// order; with `complete`, every entry and the identities the batch
  /// carries.
  private func clauses(complete: Bool) -> [String] {
    typealias Text = DescriptionText
    var clauses: [String] = []
    func add<C: BidirectionalCollection>(
      _ list: C, _ noun: String, _ verb: String, _ text: (C.Element) -> String
    ) {
      guard !list.isEmpty else { return }
      clauses.append(
        "\(Text.count(list.count, noun)) \(verb) \(Text.list(list, abbreviated: !complete, text))")
    }
    func span<P>(_ from: P, _ to: P) -> String where P: Equatable & CustomStringConvertible {
      from == to ? "\(to)" : "\(from) → \(to)"
    }
    add(sectionDeletes, "section", "deleted at") { "\($0)" }
    add(sectionInserts, "section", "inserted at") {
      complete ? "\($0.index): \(Text.section($0.section))" : "\($0.index)"
    }
    add(sectionMoves, "section", "moved") { "\($0)" }
    add(sectionUpdates, "section", "updated at") { span($0.from, $0.to) }
    add(itemDeletes, "item", "deleted at") { "\($0)" }
    add(itemInserts, "item", "inserted at") {
      complete ? "\($0.path): \(Text.identity($0.item.id))" : "\($0.path)"
    }
    add(itemMoves, "item", "moved") { "\($0)" }
    add(itemUpdates, "item", "updated at") {
      complete ? "\(span($0.from, $0.to)): \(Text.identity($0.item.id))" : span($0.from, $0.to)
    }
    return clauses
  }
}

extension BatchMove: CustomStringConvertible {
  /// `"1.2 → 0.0"` (an item's), `"2 → 0"` (a section's).
  public var description: String { "\(from) → \(to)" }
}
