public import Foundation

extension IndexPath {
  /// An index path for a row of a table view: `[section, row]`.
  ///
  /// - Parameters:
  ///   - row: The index of the row in its section.
  ///   - section: The index of the section.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// An index path for an item of a collection view: `[section, item]`.
  ///
  /// - Parameters:
  ///   - item: The index of the item in its section.
  ///   - section: The index of the section.
  public init(item: Int, section: Int) {
    self.init(indexes: [section, item])
  }

  /// The section: the first index. Reading it from an index path with fewer
  /// than two indices gives 0 here (UIKit stops the program).
  public var section: Int {
    get { count > 0 ? self[0] : 0 }
    set { setIndex(0, to: newValue) }
  }

  /// The row of a table view: the second index. Reading it from an index
  /// path with fewer than two indices gives 0 here (UIKit stops the program).
  public var row: Int {
    get { count > 1 ? self[1] : 0 }
    set { setIndex(1, to: newValue) }
  }

  /// The item of a collection view: the second index, as `row`.
  public var item: Int {
    get { row }
    set { row = newValue }
  }

  /// Sets index `position`, padding with zeros when the path is shorter.
  private mutating func setIndex(_ position: Int, to value: Int) {
    var indexes = Array(self)
    while indexes.count <= position { indexes.append(0) }
    indexes[position] = value
    self = IndexPath(indexes: indexes)
  }
}
