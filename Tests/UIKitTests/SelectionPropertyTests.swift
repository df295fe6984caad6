// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphComposition
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import Foundation
  import TestSupport
  import Testing
  import UIKitStandIn

  /// Selection and focus kept by identity, at random: a random graph over
  /// a leaf (the leaf itself, a filter that hides some values, a sort by
  /// value, or both) shown in a stand-in table or collection view with
  /// random options (reconfigure or reload, a small limit of animated
  /// changes, now and then no window, so changes become `reloadData()`),
  /// single or multiple selection, VoiceOver on.
  ///
  /// Each step changes the selection as a user or the app would (a tap in
  /// the view, `selectItem(withID:animated:)`, `selectedItemIDs`, a
  /// deselection), maybe moves VoiceOver's focus to a random cell, then
  /// makes a random change of the leaf (items inserted, deleted, moved
  /// across sections, changed in value; sections inserted, deleted,
  /// moved). After it: the selection is the model's (the items selected
  /// before that are still shown), `onSelectedItemsRemoved` reported
  /// exactly the others, once each; VoiceOver's focus is on its item's
  /// cell if the item is still shown; the new items were announced with
  /// their number; the view raised no invalid update. The seed and step are
  /// printed on failure. `SELECTION_SEEDS` sets the number of seeds.
  @MainActor
  @Suite struct SelectionPropertyTests {
    nonisolated static let seeds: [UInt64] = {
      let environment = ProcessInfo.processInfo.environment["SELECTION_SEEDS"]
      let count = environment.flatMap(Int.init) ?? PropertyDepth.count(debug: 60, release: 400)
      return (1...UInt64(max(1, count))).map { $0 }
    }()

    static let steps = 40

    @Test(.namesTheSeed)
    func selectionAndFocusFollowTheirItemsInATable() async {
      await forEachSeed(Self.seeds, selectionAndFocusFollowTheirItemsInATable(seed:))
    }

    func selectionAndFocusFollowTheirItemsInATable(seed: UInt64) {
      var run = SelectionRun(seed: seed, kind: .table)
      StandInVoiceOver.run { run.run(steps: Self.steps) }
    }

    @Test(.namesTheSeed)
    func selectionAndFocusFollowTheirItemsInACollectionView() async {
      await forEachSeed(Self.seeds, selectionAndFocusFollowTheirItemsInACollectionView(seed:))
    }

    func selectionAndFocusFollowTheirItemsInACollectionView(seed: UInt64) {
      var run = SelectionRun(seed: seed, kind: .collection)
      StandInVoiceOver.run { run.run(steps: Self.steps) }
    }
  }

  /// One seeded run of the property test.
  @MainActor
  struct SelectionRun {
    enum Kind { case table, collection }

    var rng: SplitMix64
    var generator: CrossGenerator
    let seed: UInt64
    let window = makeWindow()
    let leaf: MutableDataSource<Int, CrossRow>
    let root: any DataSource<Int, CrossRow>
    let list: ListUnderTest
    let multiple: Bool
    let inWindow: Bool
    let removals = Log()
    var description: String

    /// What the app's callbacks were told.
    final class Log {
      var reports: [Set<Int>] = []
    }

    init(seed: UInt64, kind: Kind) {
      self.seed = seed
      rng = SplitMix64(seed: seed)
      generator = CrossGenerator(rng: SplitMix64(seed: seed &* 0x9E37_79B9))
      leaf = MutableDataSource(snapshot: generator.snapshot())
      let hidesTwos: @Sendable (CrossRow) -> Bool = { $0.value % 3 != 2 }
      let byValue: @Sendable (CrossRow, CrossRow) -> Bool = {
        ($0.value, $0.id) < ($1.value, $1.id)
      }
      let shape = rng.int(0..<4)
      switch shape {
      case 0: root = leaf
      case 1: root = leaf.filter(hidesTwos)
      case 2: root = leaf.sorted(by: byValue)
      default: root = leaf.filter(hidesTwos).sorted(by: byValue)
      }
      multiple = rng.chance(0.5)
      inWindow = rng.int(0..<6) != 0
      var options = ListUpdateOptions()
      options.itemUpdates = rng.chance(0.5) ? .reconfigure : .reload
      options.animates = rng.chance(0.7)
      if rng.int(0..<4) == 0 { options.maximumAnimatedChanges = rng.int(0...3) }
      list = ListUnderTest(kind: kind, root: root)
      list.setMultiple(multiple)
      if inWindow { window.addSubview(list.view) }
      list.dataSource.options = options
      let removals = removals
      list.dataSource.onSelectedItemsRemoved = { removals.reports.append($0) }
      list.dataSource.insertionAnnouncement = { "\($0)" }
      description =
        "seed \(seed) (\(kind), graph \(shape), multiple \(multiple), window \(inWindow), "
        + "\(options.itemUpdates), limit \(options.maximumAnimatedChanges))"
    }

    /// The identities shown, per the data source.
    var shown: Set<Int> { Set(list.dataSource.snapshot.itemIDs) }

    /// Runs `steps` steps; records the first failure, with the seed, and
    /// stops.
    mutating func run(steps: Int) {
      var model = Set<Int>()
      for step in 0..<steps {
        // The screen is laid out before the user touches it (a collection
        // view's reload waits for layout).
        list.view.layoutIfNeeded()
        changeSelection(&model)
        var problems = selectionProblems(model)
        guard problems.isEmpty else { return fail(step, "after selecting", problems) }
        let focused = moveFocus()
        let before = shown
        let announced = StandInVoiceOver.announcements.count
        removals.reports = []
        leaf.replace(with: generator.edit(leaf.snapshot))
        let after = shown
        let expected = model.intersection(after)
        problems = selectionProblems(expected)
        let reported = removals.reports.flatMap { $0 }
        if reported.count != Set(reported).count || Set(reported) != model.subtracting(after) {
          problems.append(
            "reported \(removals.reports), expected \(model.subtracting(after).sorted())")
        }
        if list.dataSource.snapshot != root.snapshot { problems.append("the view lags the root") }
        if let focused, after.contains(focused), !focusIsOn(focused) {
          problems.append("VoiceOver's focus left item \(focused)")
        }
        let fresh = after.subtracting(before).count
        let announcements = Array(StandInVoiceOver.announcements.dropFirst(announced))
        if announcements != (fresh > 0 ? ["\(fresh)"] : []) {
          problems.append("announced \(announcements), \(fresh) new items")
        }
        problems += list.invalid().map { "invalid update: \($0)" }
        guard problems.isEmpty else { return fail(step, "after a change", problems) }
        model = expected
      }
    }

    private func fail(_ step: Int, _ when: String, _ problems: [String]) {
      Issue.record("\(description), step \(step), \(when): \(problems.prefix(3))")
    }

    /// What differs between the selection and `model`, read both from the
    /// data source and from the view.
    private func selectionProblems(_ model: Set<Int>) -> [String] {
      var problems: [String] = []
      let dataSource = list.dataSource
      if dataSource.selectedItemIDs != model {
        problems.append(
          "selectedItemIDs \(dataSource.selectedItemIDs.sorted()), model \(model.sorted())")
      }
      let inView = Set(list.selectedPaths().compactMap { dataSource.item(at: $0)?.id })
      if inView != model { problems.append("the view selects \(inView.sorted())") }
      return problems
    }

    /// A random change of the selection, made in the view (as a user's
    /// tap) or through the data source; `model` follows.
    private mutating func changeSelection(_ model: inout Set<Int>) {
      let dataSource = list.dataSource
      let ids = Array(dataSource.snapshot.itemIDs)
      switch rng.int(0..<6) {
      case 0 where !ids.isEmpty:  // a tap in the view
        let id = ids[rng.int(0..<ids.count)]
        list.selectInView(dataSource.indexPath(for: id)!)
        if !multiple { model = [] }
        model.insert(id)
      case 1:  // the app selects an identity, shown or not
        let id = rng.int(0..<12)
        let isShown = dataSource.selectItem(withID: id, animated: rng.chance(0.5))
        if isShown != ids.contains(id) { Issue.record("\(description): selectItem(\(id))") }
        if isShown {
          if !multiple { model = [] }
          model.insert(id)
        }
      case 2:  // the app sets the selection
        var wanted = Set((0..<12).filter { _ in rng.chance(0.3) })
        if !multiple { wanted = wanted.min().map { [$0] } ?? [] }
        dataSource.selectedItemIDs = wanted
        model = wanted.intersection(ids)
      case 3 where !model.isEmpty:  // a deselection
        let id = model.sorted()[rng.int(0..<model.count)]
        if rng.chance(0.5) {
          list.deselectInView(dataSource.indexPath(for: id)!)
        } else {
          dataSource.deselectItem(withID: id, animated: false)
        }
        model.remove(id)
      default:
        break
      }
    }

    /// Maybe moves VoiceOver's focus to a random cell (itself, its content
    /// view, or an element inside it); the identity of the item whose cell
    /// has the focus, if any.
    private mutating func moveFocus() -> Int? {
      let dataSource = list.dataSource
      let ids = Array(dataSource.snapshot.itemIDs)
      if !ids.isEmpty, rng.chance(0.5),
        let path = dataSource.indexPath(for: ids[rng.int(0..<ids.count)]),
        let cell = list.cell(path)
      {
        switch rng.int(0..<3) {
        case 0: StandInVoiceOver.focus(cell)
        case 1: StandInVoiceOver.focus(cell.subviews.first ?? cell)
        default: StandInVoiceOver.focus(UIAccessibilityElement(accessibilityContainer: cell))
        }
      }
      guard let element = UIAccessibility.focusedElement(using: .notificationVoiceOver) else {
        return nil
      }
      return list.path(containing: element).flatMap { dataSource.item(at: $0)?.id }
    }

    /// Whether VoiceOver's focus is in the cell of `id`.
    private func focusIsOn(_ id: Int) -> Bool {
      guard let element = UIAccessibility.focusedElement(using: .notificationVoiceOver),
        let path = list.path(containing: element)
      else { return false }
      return list.dataSource.item(at: path)?.id == id
    }
  }

  /// A table or a collection view of the stand-in, with its data source
  /// and the calls the property test makes of either.
  @MainActor
  struct ListUnderTest {
    let view: UIView
    let dataSource: ListViewDataSource<Int, CrossRow>
    let selectedPaths: () -> [IndexPath]
    let selectInView: (IndexPath) -> Void
    let deselectInView: (IndexPath) -> Void
    let cell: (IndexPath) -> UIView?
    let setMultiple: (Bool) -> Void
    let invalid: () -> [InvalidUpdate]
    let cellPath: (UIView) -> IndexPath?

    init(kind: SelectionRun.Kind, root: any DataSource<Int, CrossRow>) {
      let frame = CGRect(x: 0, y: 0, width: 320, height: 640)
      switch kind {
      case .table:
        let table = UITableView(frame: frame, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        view = table
        dataSource = TableViewDataSource(tableView: table, source: root) {
          tableView, indexPath, row in
          let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
          var content = cell.defaultContentConfiguration()
          content.text = crossText(row)
          cell.contentConfiguration = content
          return cell
        }
        selectedPaths = { table.indexPathsForSelectedRows ?? [] }
        selectInView = { table.selectRow(at: $0, animated: true, scrollPosition: .none) }
        deselectInView = { table.deselectRow(at: $0, animated: true) }
        cell = { table.cellForRow(at: $0) }
        setMultiple = { table.allowsMultipleSelection = $0 }
        invalid = { table.invalidUpdates }
        cellPath = { ($0 as? UITableViewCell).flatMap { table.indexPath(for: $0) } }
      case .collection:
        let collection = UICollectionView(
          frame: frame, collectionViewLayout: UICollectionViewFlowLayout())
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, CrossRow> {
          cell, _, row in
          var content = cell.defaultContentConfiguration()
          content.text = crossText(row)
          cell.contentConfiguration = content
        }
        view = collection
        dataSource = CollectionViewDataSource(collectionView: collection, source: root) {
          collectionView, indexPath, row in
          collectionView.dequeueConfiguredReusableCell(
            using: registration, for: indexPath, item: row)
        }
        selectedPaths = { collection.indexPathsForSelectedItems ?? [] }
        selectInView = { collection.selectItem(at: $0, animated: true, scrollPosition: []) }
        deselectInView = { collection.deselectItem(at: $0, animated: true) }
        cell = { collection.cellForItem(at: $0) }
        setMultiple = { collection.allowsMultipleSelection = $0 }
        invalid = { collection.invalidUpdates }
        cellPath = { ($0 as? UICollectionViewCell).flatMap { collection.indexPath(for: $0) } }
      }
    }

    /// The index path of the cell that shows `element` (a view, or an
    /// element inside one).
    func path(containing element: Any) -> IndexPath? {
      var view =
        element as? UIView ?? (element as? UIAccessibilityElement)?.accessibilityContainer
        as? UIView
      while let current = view {
        if let path = cellPath(current) { return path }
        view = current.superview
      }
      return nil
    }
  }
#endif
