#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphUIKitPlatform
  import DataSourceGraphSections

  extension CollectionViewDataSource {
    /// Configures `view`, the supplementary view of `kind` at `indexPath`,
    /// from the section shown: with ``supplementaryViewConfigurator`` if it
    /// is set, else, for a title view the data source made itself (no
    /// ``supplementaryViewProvider``), by showing the section's header or
    /// footer title in it; nothing otherwise.
    ///
    /// Call it from your ``supplementaryViewProvider`` for a view you
    /// dequeue, so a header that appears and one refreshed in place are
    /// configured by the same code:
    ///
    /// ```swift
    /// dataSource.supplementaryViewConfigurator = { view, kind, indexPath, section in
    ///   (view as? InboxHeaderView)?.show(section.header, unread: section.headerValue(as: Int.self))
    /// }
    /// dataSource.supplementaryViewProvider = { collectionView, kind, indexPath, section in
    ///   let view = collectionView.dequeueReusableSupplementaryView(
    ///     ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    ///   dataSource.configureSupplementaryView(view, ofKind: kind, at: indexPath)
    ///   return view
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - view: The supplementary view.
    ///   - kind: Its kind (`UICollectionView.elementKindSectionHeader`…).
    ///   - indexPath: Its index path, in what the view shows.
    public func configureSupplementaryView(
      _ view: UICollectionReusableView, ofKind kind: String, at indexPath: IndexPath
    ) {
      configuresSupplementaryView(view, ofKind: kind, at: indexPath)
    }

    /// Configures `view` as ``configureSupplementaryView(_:ofKind:at:)``
    /// does, and says whether anything could: `false` for a view of yours
    /// while no configurator is set.
    @discardableResult
    func configuresSupplementaryView(
      _ view: UICollectionReusableView, ofKind kind: String, at indexPath: IndexPath
    ) -> Bool {
      guard let shown = section(at: indexPath.section) else { return true }
      if let supplementaryViewConfigurator {
        supplementaryViewConfigurator(view, kind, indexPath, shown)
        return true
      }
      guard let title = view as? SectionTitleView else { return false }
      title.show(SectionTitleView.title(ofKind: kind, in: shown))
      return true
    }

    /// Configures again the visible supplementary views of
    /// ``reconfiguredSupplementaryKinds`` of `sections` (indices in what
    /// the view shows), in place; views not shown are configured when they
    /// appear.
    ///
    /// - Returns: The sections that only a reload can refresh: one with a
    ///   visible view of yours while no configurator is set (UIKit asks the
    ///   data source for a visible supplementary view again only when its
    ///   section is reloaded), and one whose change makes the layout give it
    ///   other supplementary views (``supplementaryLayoutChanges``).
    /// - Complexity: O(*k* · *c*) for *k* sections and *c* kinds.
    func reconfigureSupplements(ofSections sections: [Int]) -> [Int] {
      guard let collectionView = displayedCollectionView else { return [] }
      var reloads: [Int] = []
      for section in sections {
        if let supplementaryLayoutChanges,
          let before = renderer.sectionsBeforeSupplementUpdate[section],
          let shown = self.section(at: section), supplementaryLayoutChanges(before, shown)
        {
          reloads.append(section)
          continue
        }
        let indexPath = IndexPath(item: 0, section: section)
        for kind in reconfiguredSupplementaryKinds {
          if let view = collectionView.supplementaryView(forElementKind: kind, at: indexPath),
            !configuresSupplementaryView(view, ofKind: kind, at: indexPath)
          {
            reloads.append(section)
            break
          }
        }
      }
      return reloads
    }

    /// The supplementary view of `kind` the data source makes itself while
    /// no ``supplementaryViewProvider`` is set: for a section header or
    /// footer, a list cell that shows the section's header or footer title
    /// (and is refreshed in place when it changes); for any other kind, an
    /// empty view, and debug builds stop, as the layout wants a view the
    /// data source cannot make.
    func defaultSupplementaryView(
      _ collectionView: UICollectionView, ofKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      guard SectionTitleView.kinds.contains(kind) else {
        assertionFailure(
          "CollectionViewDataSource: the layout asks for a \(kind) view at \(indexPath), "
            + "but no supplementaryViewProvider is set")
        collectionView.register(
          UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: Self.fallback)
        return collectionView.dequeueReusableSupplementaryView(
          ofKind: kind, withReuseIdentifier: Self.fallback, for: indexPath)
      }
      let view = collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: SectionTitleView.reuseIdentifier, for: indexPath)
      configuresSupplementaryView(view, ofKind: kind, at: indexPath)
      return view
    }
  }

  /// The header or footer view a ``CollectionViewDataSource`` makes while no
  /// supplementary view provider is set: a list cell showing the section's
  /// title in its default content configuration (the list header or footer
  /// style, in a list layout).
  final class SectionTitleView: UICollectionViewListCell {
    /// The kinds it is made for: section headers and footers.
    static let kinds = [
      UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter,
    ]
    /// Its reuse identifier, registered for ``kinds`` by the data source.
    static var reuseIdentifier: String { "DataSourceGraphUIKit.title" }

    /// The title a view of `kind` shows for `section`: its header title for
    /// a header, its footer title for a footer.
    static func title<SectionID: Hashable, Item: Identifiable>(
      ofKind kind: String, in section: SnapshotSection<SectionID, Item>
    ) -> String? {
      kind == UICollectionView.elementKindSectionHeader ? section.header : section.footer
    }

    /// Shows `title`, in the default content configuration.
    func show(_ title: String?) {
      var content = defaultContentConfiguration()
      content.text = title
      contentConfiguration = content
    }
  }
#endif
