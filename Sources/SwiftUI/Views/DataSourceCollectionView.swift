#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  public import DataSourceGraphSections
  import DataSourceGraphNodes
  public import SwiftUI
  public import UIKit

  /// The sections of a ``DataSourceModel`` in a `UICollectionView`, each
  /// cell drawn by a SwiftUI view: a list that takes each change of the node
  /// as the batch the node sent, without collecting and diffing every
  /// identity again.
  ///
  /// ```swift
  /// DataSourceCollectionView(screen.model) { song in
  ///   Text(song.title)
  /// }
  /// .contentStatePlaceholder(for: screen.model, emptyMessage: "No songs")
  /// .refreshable { await screen.model.refresh() }
  /// ```
  ///
  /// The view shows the model's node (``DataSourceModel/source``) through
  /// the UIKit layer's `CollectionViewDataSource`, which applies every batch
  /// of the node to the collection view as UIKit batch updates (moves,
  /// inserts, deletes, reconfigures of updated items), as it does in a UIKit
  /// screen. Each cell is a `UICollectionViewListCell` whose content is
  /// `cell(item)` in a `UIHostingConfiguration`; cells are made only for the
  /// rows on screen, and reused.
  ///
  /// A section gets a header when you give a header builder (every section
  /// then gets one), or else when it has a header title, shown as a list
  /// header; likewise its footer. The layout is a list
  /// (`UICollectionLayoutListConfiguration`, `.insetGrouped` by default, as
  /// a `List` on iPhone; `.grouped` on tvOS), or one of your own (``Layout/custom(_:)``); it is
  /// read when the view is made.
  ///
  /// The modifiers of ``DataSourceSections`` work the same here:
  /// ``SwiftUI/View/contentStatePlaceholder(for:emptyMessage:)`` shows the
  /// model's loading, empty and error states over the view, and
  /// `refreshable` adds pull to refresh (a `UIRefreshControl` that runs the
  /// action; not on tvOS, which has none).
  ///
  /// ## Choosing between this view and `DataSourceSections`
  /// `List { DataSourceSections(model) { … } }` is SwiftUI all the way:
  /// SwiftUI's list styles, swipe actions, selection, editing and
  /// environment. But on each change SwiftUI collects the identity of every
  /// row and diffs the old list against the new one, O(*n*) or more in the
  /// rows, although the node already said what changed; at tens of thousands
  /// of rows that shows. Here a change costs what its batch touches, and
  /// only the visible cells are made. What you give up: the cells are
  /// SwiftUI views hosted in UIKit cells, so a `List`'s row modifiers
  /// (`swipeActions`, `listRowInsets`, `onDelete`), its selection and its
  /// edit mode do not apply, and a cell does not see the environment values
  /// of the views around it. Use this view for long or busy lists; use
  /// `DataSourceSections` for the rest.
  ///
  /// Headers and footers are the view's own, so a change of a section's
  /// header or footer (its title, or `SnapshotSection.headerValue`) redraws
  /// the visible one in place, with the builder or the new title, and no
  /// cell is made again. Only a title that appears or disappears where no
  /// builder draws the view reloads its section: the list lays it out
  /// again, with or without a header.
  ///
  /// Updating the view (its parent's `body` ran again) gives the visible
  /// cells, headers and footers the new builders; the model it shows can be
  /// replaced, and the view then shows the new model's node from scratch.
  ///
  /// Compiled where UIKit's collection views and SwiftUI both exist (iOS,
  /// tvOS, visionOS, Mac Catalyst).
  @available(iOS 17, tvOS 17, *)
  @MainActor
  public struct DataSourceCollectionView<
    SectionID: Hashable, Item: Identifiable & Equatable, Cell: View, Header: View, Footer: View
  >: UIViewRepresentable {
    /// The layout of a ``DataSourceCollectionView``.
    public enum Layout {
      /// A list, one layout section per section of the model. A section
      /// gets a header or footer where the view shows one (see
      /// ``DataSourceCollectionView``): the configuration's `headerMode`
      /// and `footerMode` are set to `.supplementary` for it when they are
      /// `.none`; other modes are kept.
      case list(UICollectionLayoutListConfiguration = Layout.listConfiguration)
      /// A layout of your own, made once when the view is made. Headers and
      /// footers it asks for (`UICollectionView.elementKindSectionHeader`,
      /// `elementKindSectionFooter`) are the view's; any other kind gets
      /// an empty view. A header or footer that changes is redrawn in
      /// place; the layout is not asked again, so one that gives a header
      /// only to a section with a title shows a title that appears at its
      /// next invalidation.
      case custom(@MainActor () -> UICollectionViewLayout)

      /// The configuration of the default list: `.insetGrouped`, as a
      /// `List` on iPhone; `.grouped` on tvOS, which has no inset lists.
      @usableFromInline static var listConfiguration: UICollectionLayoutListConfiguration {
        #if os(tvOS)
          UICollectionLayoutListConfiguration(appearance: .grouped)
        #else
          UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        #endif
      }
    }

    /// The model whose node is shown.
    public let model: DataSourceModel<SectionID, Item>
    /// The layout, read when the view is made.
    public let layout: Layout
    /// The view of one item.
    public let cell: (Item) -> Cell
    /// The header of every section, or `nil` for the sections' header titles.
    public let header: ((SnapshotSection<SectionID, Item>) -> Header)?
    /// The footer of every section, or `nil` for the sections' footer titles.
    public let footer: ((SnapshotSection<SectionID, Item>) -> Footer)?
    /// The list's end and start shown (``listEnd(of:placeholders:)``).
    var listEnds: [ListEndRequest<SectionID, Item>] = []

    /// Shows the sections of `model`, each item as `cell` draws it, each
    /// section with its header by `header` and its footer by `footer`.
    ///
    /// - Parameters:
    ///   - model: The model whose node is shown.
    ///   - layout: The layout; a list, `.insetGrouped`, by default.
    ///   - cell: The view of one item.
    ///   - header: The header of a section; every section gets one.
    ///   - footer: The footer of a section; every section gets one.
    public init(
      _ model: DataSourceModel<SectionID, Item>, layout: Layout = .list(),
      @ViewBuilder cell: @escaping (Item) -> Cell,
      @ViewBuilder header: @escaping (SnapshotSection<SectionID, Item>) -> Header,
      @ViewBuilder footer: @escaping (SnapshotSection<SectionID, Item>) -> Footer
    ) {
      self.model = model
      self.layout = layout
      self.cell = cell
      self.header = header
      self.footer = footer
    }

    /// The representable's view: a collection view that shows the model's
    /// node.
    public func makeUIView(context: Context) -> UICollectionView {
      let coordinator = context.coordinator
      coordinator.content = self
      let collectionView = UICollectionView(
        frame: .zero, collectionViewLayout: coordinator.makeLayout(layout))
      coordinator.show(model, in: collectionView)
      coordinator.updateRefreshControl(of: collectionView, context.environment)
      return collectionView
    }

    /// Takes the view's new builders (the visible cells, headers and footers
    /// are drawn again with them) and, if the model was replaced, shows the
    /// new one's node.
    ///
    /// - Complexity: O(*v*) for *v* visible cells and supplementary views,
    ///   and a reload of the collection view when the model was replaced.
    public func updateUIView(_ collectionView: UICollectionView, context: Context) {
      let coordinator = context.coordinator
      coordinator.content = self
      if coordinator.shows(model) {
        coordinator.redrawVisible(in: collectionView)
      } else {
        coordinator.show(model, in: collectionView)
      }
      coordinator.updateRefreshControl(of: collectionView, context.environment)
    }

    /// The object that keeps the collection view's data source and the
    /// cell registrations.
    public func makeCoordinator() -> Coordinator { Coordinator() }
  }

  @available(iOS 17, tvOS 17, *)
  extension DataSourceCollectionView where Header == EmptyView, Footer == EmptyView {
    /// Shows the sections of `model`, each item as `cell` draws it, with the
    /// sections' header and footer titles.
    ///
    /// - Parameters:
    ///   - model: The model whose node is shown.
    ///   - layout: The layout; a list, `.insetGrouped`, by default.
    ///   - cell: The view of one item.
    public init(
      _ model: DataSourceModel<SectionID, Item>, layout: Layout = .list(),
      @ViewBuilder cell: @escaping (Item) -> Cell
    ) {
      self.model = model
      self.layout = layout
      self.cell = cell
      self.header = nil
      self.footer = nil
    }
  }

  @available(iOS 17, tvOS 17, *)
  extension DataSourceCollectionView where Footer == EmptyView {
    /// Shows the sections of `model`, each item as `cell` draws it, each
    /// section with its header by `header` and its footer title.
    ///
    /// - Parameters:
    ///   - model: The model whose node is shown.
    ///   - layout: The layout; a list, `.insetGrouped`, by default.
    ///   - cell: The view of one item.
    ///   - header: The header of a section; every section gets one.
    public init(
      _ model: DataSourceModel<SectionID, Item>, layout: Layout = .list(),
      @ViewBuilder cell: @escaping (Item) -> Cell,
      @ViewBuilder header: @escaping (SnapshotSection<SectionID, Item>) -> Header
    ) {
      self.model = model
      self.layout = layout
      self.cell = cell
      self.header = header
      self.footer = nil
    }
  }
#endif
