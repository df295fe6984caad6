#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import UIKit

  /// The search screen on a table view: a search bar above, the screen's
  /// graph below (``SearchScreenModel``), the results' end under the last
  /// row, a placeholder when there is nothing, and each tap handled by the
  /// part that owns the row.
  @MainActor
  public final class SearchViewController: UITableViewController, UISearchBarDelegate {
    /// The screen's graph.
    public let model: SearchScreenModel
    private var dataSource: TableViewDataSource<CompositeSectionID, SearchRow>?
    private let searchBar = UISearchBar()

    /// A screen over `model`.
    public init(model: SearchScreenModel = SearchScreenModel()) {
      self.model = model
      super.init(style: .plain)
    }

    /// Not available: the screen is made in code.
    @available(*, unavailable)
    public required init?(coder: NSCoder) {
      fatalError("SearchViewController is made in code: use init(model:)")
    }

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Search"
      searchBar.delegate = self
      searchBar.placeholder = "Fruit"
      navigationItem.titleView = searchBar
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")

      // The data source shows the whole screen: a composite's sections
      // are identified by `CompositeSectionID`, its rows are `SearchRow`s.
      let dataSource = TableViewDataSource<CompositeSectionID, SearchRow>(
        tableView: tableView, source: model.screen
      ) { [model] tableView, indexPath, row in
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = row.title
        content.image = UIImage(systemName: Self.symbol(of: row.kind))
        cell.contentConfiguration = content
        model.rowAppeared(row)  // near the end of the results: the next page
        return cell
      }
      tableView.delegate = dataSource

      // Nothing to show: a spinner, "No results", or the error and a retry.
      var placeholders = ContentPlaceholders()
      placeholders.empty = ContentPlaceholder(title: "No results")
      let placeholder = ContentStateView(role: .placeholder)
      placeholder.placeholders = placeholders
      tableView.backgroundView = placeholder
      dataSource.placeholderView = placeholder

      // Below the results: "loading more", the failure and a retry, the end.
      var end = ContentPlaceholders()
      end.end = ContentPlaceholder(message: "That's every match")
      dataSource.showListEnd(of: model.results, placeholders: end)

      // Each part handles the taps of its own rows.
      dataSource.events(for: model.shortcuts).didSelect = { [weak self] row, _ in
        self?.perform(self?.model.select(row))
      }
      dataSource.events(for: model.suggestions).didSelect = { [weak self] row, _ in
        self?.perform(self?.model.select(row))
      }
      dataSource.events(for: model.results).didSelect = { [weak self] row, _ in
        self?.perform(self?.model.select(row))
      }
      self.dataSource = dataSource
    }

    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
      model.textChanged(to: searchText)
    }

    /// Does what a tap asked.
    private func perform(_ action: SearchScreenModel.Action?) {
      switch action {
      case .complete(let text): searchBar.text = text
      case .search(let query):
        searchBar.resignFirstResponder()
        title = query
      case .open(let title):
        let detail = UIViewController()
        detail.title = title
        navigationController?.pushViewController(detail, animated: true)
      case nil: break
      }
    }

    private static func symbol(of kind: SearchRow.Kind) -> String {
      switch kind {
      case .shortcut: "magnifyingglass"
      case .suggestion: "text.cursor"
      case .result: "leaf"
      }
    }
  }
#endif
