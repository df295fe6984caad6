#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import DataSourceGraph
  import DataSourceGraphUIKit
  import UIKit

  /// The chat on a table view: earlier messages load in above as the top
  /// rows appear (a spinner, or the failure and a retry, above the first
  /// row), the user's place is kept while they do, new messages arrive
  /// below under a header that counts the unread ones, and the composer's
  /// messages show at once. While the user is at the newest message the
  /// list follows the arrivals; scrolled up, it keeps their place and a
  /// button counts what arrived below and takes them there.
  @MainActor
  public final class ChatViewController: UITableViewController {
    /// The chat's graph.
    public let model: ChatScreenModel
    private var dataSource: TableViewDataSource<CompositeSectionID, ChatMessage>?
    /// "3 new ↓": shown while messages arrived below the rows on screen.
    private let arrivals = UIButton(configuration: .filled())

    /// A chat over `model`.
    public init(model: ChatScreenModel) {
      self.model = model
      super.init(style: .plain)
    }

    /// Not available: the screen is made in code.
    @available(*, unavailable)
    public required init?(coder: NSCoder) {
      fatalError("ChatViewController is made in code: use init(model:)")
    }

    public override func viewDidLoad() {
      super.viewDidLoad()
      title = "Chat"
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
      let dataSource = TableViewDataSource<CompositeSectionID, ChatMessage>(
        tableView: tableView, source: model.screen
      ) { [model] tableView, indexPath, message in
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = message.text
        content.secondaryText = Self.caption(of: message.status)
        cell.contentConfiguration = content
        model.rowAppeared(message)  // near the top: earlier messages
        return cell
      }
      tableView.delegate = dataSource
      // At the newest message, follow the arrivals; elsewhere, count them.
      dataSource.options.followsEnd = true
      dataSource.onRowsArrivedBelowChange = { [weak self] count in
        if count == 0 { self?.model.markRead() }  // the user reached the newest
        self?.arrivals.isHidden = count == 0
        self?.arrivals.configuration?.title = "\(count) new ↓"
      }
      arrivals.isHidden = true
      arrivals.addAction(
        UIAction { [weak dataSource] _ in dataSource?.scrollToEnd() }, for: .primaryActionTriggered)
      view.addSubview(arrivals)
      // Above the first row: earlier messages loading, or their failure.
      var start = ContentPlaceholders()
      start.start = ContentPlaceholder(message: "The start of the conversation")
      dataSource.showListStart(of: model.history, placeholders: start)
      self.dataSource = dataSource
      navigationItem.rightBarButtonItem = UIBarButtonItem(
        title: "Send", primaryAction: UIAction { [weak self] _ in self?.sendHello() })
      model.open()
    }

    public override func viewDidLayoutSubviews() {
      super.viewDidLayoutSubviews()
      let size = CGSize(width: 120, height: 36)
      let bottom = view.safeAreaLayoutGuide.layoutFrame.maxY
      arrivals.frame = CGRect(
        origin: CGPoint(x: view.bounds.midX - size.width / 2, y: bottom - size.height - 12),
        size: size)
    }

    public override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      if dataSource?.isScrolledToEnd == true { model.markRead() }
    }

    private func sendHello() {
      Task { await model.send("Hello!") }
    }

    private static func caption(of status: ChatMessage.Status) -> String? {
      switch status {
      case .sending: "Sending…"
      case .sent: "Sent"
      case .received: nil
      }
    }
  }
#endif
