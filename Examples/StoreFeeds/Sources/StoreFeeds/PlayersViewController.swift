#if canImport(UIKit) && canImport(Combine) && !os(watchOS)
  import Combine
  import DataSourceGraph
  import DataSourceGraphCombine
  import DataSourceGraphUIKit
  import UIKit

  /// A player on the leaderboard.
  struct Player: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
    var score: Int
  }

  /// The leaderboard's model, as an app has one: its players, published.
  @MainActor
  final class Leaderboard {
    @Published private(set) var players: [Player] = []

    func record(_ score: Int, for id: Int, name: String) {
      players.removeAll { $0.id == id }
      players.append(Player(id: id, name: name, score: score))
      players.sort { $0.score > $1.score }
    }
  }

  /// The leaderboard on a table view: each published array reaches the
  /// table as one animated batch; the title counts the players.
  @MainActor
  final class PlayersViewController: UITableViewController {
    private let leaderboard: Leaderboard
    private let players = MutableDataSource<String, Player>(name: "Players")
    private var following: ObservationToken?
    private var dataSource: TableViewDataSource<String, Player>?
    private var subscriptions: Set<AnyCancellable> = []

    init(leaderboard: Leaderboard) {
      self.leaderboard = leaderboard
      super.init(style: .plain)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("made in code") }

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: "player")
      // The leaf follows the publisher: each array is diffed into a batch.
      following = players.follow(section: "players", leaderboard.$players)
      dataSource = TableViewDataSource(tableView: tableView, source: players) {
        tableView, indexPath, player in
        let cell = tableView.dequeueReusableCell(withIdentifier: "player", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = player.name
        content.secondaryText = "\(player.score)"
        cell.contentConfiguration = content
        return cell
      }
      // The leaf's changes, published: the title follows them.
      players.eventPublisher
        .receive(on: DispatchQueue.main)
        .sink { [weak self] _ in
          guard let self else { return }
          title = "Players (\(players.numberOfItems))"
        }
        .store(in: &subscriptions)
    }

    override func viewDidDisappear(_ animated: Bool) {
      super.viewDidDisappear(animated)
      following?.cancel()  // ends the subscription to the publisher
      subscriptions.removeAll()  // ends the subscription to the leaf's events
    }
  }
#endif
