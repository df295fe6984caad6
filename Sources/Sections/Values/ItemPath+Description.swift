extension ItemPath: CustomStringConvertible, CustomDebugStringConvertible {
  /// `"section.item"`: `"0.3"` is item 3 of section 0, the form every
  /// description of the library uses (a batch's: `"1 item moved 1.2 → 0.0"`).
  public var description: String { "\(section).\(item)" }

  /// `"ItemPath(section: 0, item: 3)"`.
  public var debugDescription: String { "ItemPath(section: \(section), item: \(item))" }
}

extension DefaultStringInterpolation {
  /// Interpolates `path` as UIKit's exception messages print an index
  /// path, `"(0 - 3)"`: the validator's messages read as UIKit's do.
  @usableFromInline
  mutating func appendInterpolation(uikit path: ItemPath) {
    appendLiteral("(\(path.section) - \(path.item))")
  }
}
