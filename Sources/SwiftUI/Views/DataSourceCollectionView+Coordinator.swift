#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKit
  import SwiftUI
  import UIKit

  @available(iOS 17, tvOS 17, *)
  extension DataSourceCollectionView {
    /// Keeps what a ``DataSourceCollectionView`` needs between updates: the
    /// UIKit layer's `CollectionViewDataSource` that applies the node's
    /// batches, the cell and supplementary registrations, and the latest
    /// builders.
    @MainActor
    public final class Coordinator {
      /// The view as last made or updated: its builders draw the cells.
      var content: DataSourceCollectionView?
      /// The collection view's data source; the collection view holds it
      /// weakly, so the coordinator keeps it.
      private var dataSource: CollectionViewDataSource<SectionID, Item>?
      /// The model shown.
      private weak var model: DataSourceModel<SectionID, Item>?
      /// Whether the layout is a list, whose sections get headers and
      /// footers as ``SectionSupplementaries`` decides.
      private var isList = false
      private let cells = UICollectionView.CellRegistration<UICollectionViewListCell, Item> {
        _, _, _ in
      }
      private let headers = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: UICollectionView.elementKindSectionHeader
      ) { _, _, _ in }
      private let footers = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
        elementKind: UICollectionView.elementKindSectionFooter
      ) { _, _, _ in }
      /// The kinds of supplementary view registered for an empty view.
      private var emptyKinds: Set<String> = []
      #if !os(tvOS)
        /// The environment's refresh action, run by the refresh control.
        private var refresh: RefreshAction?
      #endif

      init() {}

      /// Whether the data source shows `model`.
      func shows(_ model: DataSourceModel<SectionID, Item>) -> Bool {
        self.model === model && dataSource != nil
      }

      /// Shows `model`'s node in `collectionView`: a new data source, which
      /// reloads the collection view and takes every later change.
      func show(_ model: DataSourceModel<SectionID, Item>, in collectionView: UICollectionView) {
        self.model = model
        let dataSource = CollectionViewDataSource(
          collectionView: collectionView, source: model.source
        ) { [unowned self] collectionView, indexPath, item in
          let cell = collectionView.dequeueConfiguredReusableCell(
            using: cells, for: indexPath, item: item)
          configure(cell, item)
          return cell
        }
        dataSource.supplementaryViewProvider = {
          [unowned self] collectionView, kind, path, section in
          supplementaryView(collectionView, kind, path, section)
        }
        // The headers and footers are the view's own, so a change of a
        // section's header or footer redraws the visible ones in place.
        dataSource.supplementaryViewConfigurator = { [unowned self] view, kind, _, section in
          guard let view = view as? UICollectionViewListCell else { return }
          configure(view, kind, section)
        }
        if isList {
          dataSource.supplementaryLayoutChanges = { [unowned self] before, after in
            SectionSupplementaries.changesLayout(
              from: before, to: after, headerBuilder: content?.header != nil,
              footerBuilder: content?.footer != nil)
          }
        }
        for end in content?.listEnds ?? [] { end.install(dataSource) }
        self.dataSource = dataSource
      }

      /// The layout `layout` asks for; a list's sections get their headers
      /// and footers as ``SectionSupplementaries`` decides, and the list its
      /// end and start where the view shows them.
      func makeLayout(_ layout: Layout) -> UICollectionViewLayout {
        switch layout {
        case .custom(let make):
          isList = false
          return make()
        case .list(let base):
          isList = true
          let listConfiguration = UICollectionViewCompositionalLayoutConfiguration()
          listConfiguration.boundarySupplementaryItems =
            content?.listEnds.map(\.boundaryItem) ?? []
          return UICollectionViewCompositionalLayout(
            sectionProvider: { [weak self] index, environment in
              var configuration = base
              if let shown = self?.supplementaries(ofSection: index) {
                if shown.header, configuration.headerMode == .none {
                  configuration.headerMode = .supplementary
                }
                if shown.footer, configuration.footerMode == .none {
                  configuration.footerMode = .supplementary
                }
              }
              return NSCollectionLayoutSection.list(
                using: configuration, layoutEnvironment: environment)
            }, configuration: listConfiguration)
        }
      }

      /// Draws the visible cells, headers and footers again with the
      /// current builders.
      ///
      /// - Complexity: O(*v*) for *v* visible cells and supplementary views.
      func redrawVisible(in collectionView: UICollectionView) {
        guard let dataSource else { return }
        for indexPath in collectionView.indexPathsForVisibleItems {
          guard let item = dataSource.item(at: indexPath),
            let cell = collectionView.cellForItem(at: indexPath) as? UICollectionViewListCell
          else { continue }
          configure(cell, item)
        }
        let sections = dataSource.snapshot.sections
        for kind in [
          UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter,
        ] {
          for indexPath in collectionView.indexPathsForVisibleSupplementaryElements(ofKind: kind) {
            guard sections.indices.contains(indexPath.section),
              let view = collectionView.supplementaryView(forElementKind: kind, at: indexPath)
                as? UICollectionViewListCell
            else { continue }
            configure(view, kind, sections[indexPath.section])
          }
        }
      }

      /// Adds a refresh control that runs the environment's refresh action
      /// (set by `refreshable`), or removes it when there is none. tvOS has
      /// no refresh control.
      func updateRefreshControl(
        of collectionView: UICollectionView, _ environment: EnvironmentValues
      ) {
        #if !os(tvOS)
          refresh = environment.refresh
          if refresh == nil {
            collectionView.refreshControl = nil
          } else if collectionView.refreshControl == nil {
            let control = UIRefreshControl()
            control.addAction(
              UIAction { [weak self, weak control] _ in
                guard let self, let control else { return }
                self.refreshed(control)
              }, for: .valueChanged)
            collectionView.refreshControl = control
          }
        #endif
      }

      #if !os(tvOS)
        /// Runs the refresh action the user pulled for, then ends the
        /// control's spinning.
        private func refreshed(_ control: UIRefreshControl) {
          guard let refresh else {
            control.endRefreshing()
            return
          }
          Task { @MainActor [weak control] in
            await refresh()
            control?.endRefreshing()
          }
        }
      #endif

      /// The supplementary views section `index` gets, or `nil` out of
      /// range of what the collection view shows.
      private func supplementaries(ofSection index: Int) -> SectionSupplementaries? {
        guard let sections = dataSource?.snapshot.sections, sections.indices.contains(index)
        else { return nil }
        return SectionSupplementaries(
          of: sections[index], headerBuilder: content?.header != nil,
          footerBuilder: content?.footer != nil)
      }

      private func configure(_ cell: UICollectionViewListCell, _ item: Item) {
        guard let content else { return }
        let view = content.cell(item)
        cell.contentConfiguration = UIHostingConfiguration { view }
      }

      /// Gives a header or footer its builder's view, or its section's title.
      private func configure(
        _ view: UICollectionViewListCell, _ kind: String,
        _ section: SnapshotSection<SectionID, Item>
      ) {
        let isHeader = kind == UICollectionView.elementKindSectionHeader
        if isHeader, let header = content?.header {
          let header = header(section)
          view.contentConfiguration = UIHostingConfiguration { header }
        } else if !isHeader, let footer = content?.footer {
          let footer = footer(section)
          view.contentConfiguration = UIHostingConfiguration { footer }
        } else {
          var title = view.defaultContentConfiguration()
          title.text = isHeader ? section.header : section.footer
          view.contentConfiguration = title
        }
      }

      /// The supplementary view of `kind`: a header or a footer of the view,
      /// or an empty view for any other kind a custom layout asks for.
      private func supplementaryView(
        _ collectionView: UICollectionView, _ kind: String, _ indexPath: IndexPath,
        _ section: SnapshotSection<SectionID, Item>
      ) -> UICollectionReusableView {
        let registration: UICollectionView.SupplementaryRegistration<UICollectionViewListCell>
        switch kind {
        case UICollectionView.elementKindSectionHeader: registration = headers
        case UICollectionView.elementKindSectionFooter: registration = footers
        default:
          let identifier = "DataSourceCollectionView.empty"
          if emptyKinds.insert(kind).inserted {
            collectionView.register(
              UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
              withReuseIdentifier: identifier)
          }
          return collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
        }
        let view = collectionView.dequeueConfiguredReusableSupplementary(
          using: registration, for: indexPath)
        configure(view, kind, section)
        return view
      }
    }
  }
#endif
