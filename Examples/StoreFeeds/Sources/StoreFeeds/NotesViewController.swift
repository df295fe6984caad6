#if canImport(UIKit) && canImport(SwiftData) && !os(watchOS)
  import DataSourceGraph
  import DataSourceGraphSwiftData
  import DataSourceGraphUIKit
  import Foundation
  import SwiftData
  import UIKit

  /// What the notes screen reads of a note: the app's `@Model` class
  /// (`@Model final class Note { var title: String; var date: Date }`)
  /// conforms.
  @available(iOS 17, tvOS 17, visionOS 1, *)
  protocol NoteModel: PersistentModel {
    var title: String { get }
    var date: Date { get }
  }

  /// The notes, newest first, 50 at a time, with a search field: each save
  /// of the context reaches the table as one animated batch, an edited
  /// note is reconfigured, and scrolling near the end loads the next page.
  @available(iOS 17, tvOS 17, visionOS 1, *)
  @MainActor
  final class NotesViewController<Note: NoteModel>: UITableViewController {
    private let feed: ModelFeed<Note>
    private let descriptor: (_ searchText: String) -> FetchDescriptor<Note>
    private var dataSource: TableViewDataSource<String, FetchedObject<PersistentIdentifier>>?

    /// - Parameters:
    ///   - context: The container's main context.
    ///   - descriptor: The notes whose title contains the search text
    ///     (all of them for ""), newest first, then by title: a sort that
    ///     orders the notes the same way at every fetch, so that pages
    ///     neither overlap nor leave a gap.
    init(
      context: ModelContext,
      descriptor: @escaping (_ searchText: String) -> FetchDescriptor<Note>
    ) {
      self.descriptor = descriptor
      feed = ModelFeed(descriptor(""), in: context, pageSize: 50)
      super.init(style: .plain)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "note")
      let feed = self.feed
      dataSource = TableViewDataSource(tableView: tableView, source: feed.source) {
        tableView, indexPath, item in
        let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
        let note = feed.model(for: item)  // the model is read here, when the row is shown
        var content = cell.defaultContentConfiguration()
        content.text = note.title
        content.secondaryText = note.date.formatted(date: .abbreviated, time: .shortened)
        cell.contentConfiguration = content
        return cell
      }
      dataSource?.showListEnd(of: feed.source)  // a spinner while the next page loads
      let search = UISearchController(searchResultsController: nil)
      let field = search.searchBar.searchTextField
      field.addAction(
        UIAction { [weak self, weak field] _ in
          guard let self else { return }
          self.feed.fetch(self.descriptor(field?.text ?? ""))  // a new load
        }, for: .editingChanged)
      navigationItem.searchController = search
    }

    override func tableView(
      _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
      guard let item = dataSource?.item(at: indexPath) else { return }
      feed.source.loadNextPageIfNeeded(showing: item.id)
    }
  }

  /// The descriptor the notes screen takes, for a model with a `date` and
  /// a `title` (an app writes the search predicate with `#Predicate`).
  @available(iOS 17, tvOS 17, visionOS 1, *)
  func newestFirst<Note: NoteModel>(_ predicate: Predicate<Note>? = nil) -> FetchDescriptor<Note> {
    FetchDescriptor(
      predicate: predicate,
      sortBy: [SortDescriptor(\.date, order: .reverse), SortDescriptor(\.title)])
  }
#endif
