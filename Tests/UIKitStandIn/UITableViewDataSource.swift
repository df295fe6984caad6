public import Foundation

/// The object that tells a table view what to show: section and row
/// counts, cells, and section titles.
///
/// The optional methods of UIKit's Objective-C protocol are requirements
/// here with UIKit's defaults in an extension, so a conforming class's own
/// implementations are the ones called.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
  /// The number of rows in `section`.
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
  /// The cell for the row at `indexPath`; dequeue it from `tableView`.
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
  /// The number of sections (default 1).
  func numberOfSections(in tableView: UITableView) -> Int
  /// The title of the header of `section` (default `nil`).
  func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
  /// The title of the footer of `section` (default `nil`).
  func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
  /// The titles of the section index (default `nil`: no index).
  func sectionIndexTitles(for tableView: UITableView) -> [String]?
  /// The section an index title leads to (default: the title's index).
  func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int)
    -> Int
  /// Whether the row at `indexPath` can be edited (default `true`).
  func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// Whether the row at `indexPath` can be reordered (default `false`).
  func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Commits a deletion or insertion the user asked for (default: nothing).
  func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
  /// Moves a row the user dragged (default: nothing).
  func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
  /// One section, as in UIKit.
  public func numberOfSections(in tableView: UITableView) -> Int { 1 }
  /// No header title.
  public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// No footer title.
  public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    nil
  }
  /// No section index.
  public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
  /// The section with the title's index.
  public func tableView(
    _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
  ) -> Int { index }
  /// Every row can be edited.
  public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }
  /// No row can be reordered.
  public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    false
  }
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {}
}

extension UITableViewCell {
  /// The editing a row offers.
  public enum EditingStyle: Int, Sendable {
    /// No editing control.
    case none = 0
    /// A delete control.
    case delete = 1
    /// An insert control.
    case insert = 2
  }
}
