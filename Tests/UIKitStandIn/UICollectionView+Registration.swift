public import Foundation

extension UICollectionView {
  /// A cell class and the closure that configures a cell for an item:
  /// dequeue with `UICollectionView/dequeueConfiguredReusableCell(using:for:item:)`.
  @MainActor
  public struct CellRegistration<Cell: UICollectionViewCell, Item> {
    /// Configures `cell` for `item` at `indexPath`.
    public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) ->
      Void

    /// The reuse identifier the registration registers its class under.
    let reuseIdentifier = "CellRegistration-\(UUID().uuidString)"
    let handler: Handler

    /// Creates a registration of `Cell` configured by `handler`.
    public init(handler: @escaping Handler) {
      self.handler = handler
    }
  }

  /// A supplementary view class for one kind and the closure that
  /// configures a view: dequeue with
  /// `UICollectionView/dequeueConfiguredReusableSupplementary(using:for:)`.
  @MainActor
  public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
    /// Configures `supplementaryView` of `elementKind` at `indexPath`.
    public typealias Handler = (
      _ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath
    ) -> Void

    /// The kind of supplementary view.
    public let elementKind: String
    /// The reuse identifier the registration registers its class under.
    let reuseIdentifier = "SupplementaryRegistration-\(UUID().uuidString)"
    let handler: Handler

    /// Creates a registration of `Supplementary` views of `elementKind`.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      self.handler = handler
    }
  }

  /// A cell of the registration's class for `indexPath`, dequeued and
  /// configured by its handler for `item` (not configured when `item` is
  /// `nil`).
  public func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
    let dequeued = dequeueReusableCell(
      withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
    let cell = dequeued as? Cell ?? Cell(standInReuseIdentifier: registration.reuseIdentifier)
    if let item { registration.handler(cell, indexPath, item) }
    return cell
  }

  /// A supplementary view of the registration's class and kind for
  /// `indexPath`, dequeued and configured by its handler.
  public func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    register(
      Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
      withReuseIdentifier: registration.reuseIdentifier)
    let dequeued = dequeueReusableSupplementaryView(
      ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier,
      for: indexPath)
    let view =
      dequeued as? Supplementary
      ?? Supplementary(standInReuseIdentifier: registration.reuseIdentifier)
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }
}
