// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import Testing
  import UIKitStandIn

  /// A table cell that counts its `prepareForReuse()` calls.
  final class StandInCountingCell: UITableViewCell {
    var reuseCount = 0

    override func prepareForReuse() {
      super.prepareForReuse()
      reuseCount += 1
    }
  }

  /// A table data source answering from plain arrays: one string per row,
  /// an optional header per section. Cells are dequeued with `"cell"` and
  /// show their string in the text label.
  @MainActor
  final class StandInTableSource: NSObject, UITableViewDataSource {
    var sections: [[String]]
    var headers: [String?] = []
    var indexTitles: [String]?
    var identifier = "cell"
    /// Runs inside `cellForRowAt`, to observe the table mid-question.
    var onCell: ((IndexPath) -> Void)?

    init(_ sections: [[String]]) {
      self.sections = sections
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      sections.indices.contains(section) ? sections[section].count : 0
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      onCell?(indexPath)
      let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
      cell.textLabel?.text = sections[indexPath.section][indexPath.row]
      return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      headers.indices.contains(section) ? headers[section] : nil
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? { indexTitles }
  }

  /// A collection data source answering from plain arrays, with a header
  /// per section when the layout asks for one.
  @MainActor
  final class StandInCollectionSource: NSObject, UICollectionViewDataSource {
    var sections: [[String]]
    let cells = UICollectionView.CellRegistration<UICollectionViewListCell, String> {
      cell, _, text in
      var content = cell.defaultContentConfiguration()
      content.text = text
      cell.contentConfiguration = content
    }
    let headers = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(
      elementKind: UICollectionView.elementKindSectionHeader
    ) { view, _, indexPath in
      view.tag = indexPath.section
    }

    init(_ sections: [[String]]) {
      self.sections = sections
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      sections.indices.contains(section) ? sections[section].count : 0
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    {
      collectionView.dequeueConfiguredReusableCell(
        using: cells, for: indexPath, item: sections[indexPath.section][indexPath.item])
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      collectionView.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
    }
  }

  /// A loaded table showing `sections`, and its data source (keep it: the
  /// table holds it weakly).
  @MainActor
  func standInTable(_ sections: [[String]]) -> (UITableView, StandInTableSource) {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    table.register(StandInCountingCell.self, forCellReuseIdentifier: "cell")
    let source = StandInTableSource(sections)
    table.dataSource = source
    table.reloadData()
    return (table, source)
  }

  /// `IndexPath(row:section:)`, short.
  func ip(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }
#endif
