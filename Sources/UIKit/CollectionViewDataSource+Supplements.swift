#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  public import DataSourceGraphUIKitPlatform

  extension CollectionViewDataSource {
    /// Configures `view`, the supplementary view of `kind` at `indexPath`,
    /// with ``supplementaryViewConfigurator``, from the section shown;
    /// nothing when it is `nil`.
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
      guard let supplementaryViewConfigurator, let shown = section(at: indexPath.section) else {
        return
      }
      supplementaryViewConfigurator(view, kind, indexPath, shown)
    }

    /// Configures again the visible supplementary views of
    /// ``reconfiguredSupplementaryKinds`` of `sections` (indices in what
    /// the view shows), in place; views not shown are configured when they
    /// appear.
    ///
    /// - Complexity: O(*k* · *c*) for *k* sections and *c* kinds.
    func reconfigureSupplements(ofSections sections: [Int]) {
      guard let collectionView = displayedCollectionView else { return }
      for section in sections {
        let indexPath = IndexPath(item: 0, section: section)
        for kind in reconfiguredSupplementaryKinds {
          if let view = collectionView.supplementaryView(forElementKind: kind, at: indexPath) {
            configureSupplementaryView(view, ofKind: kind, at: indexPath)
          }
        }
      }
    }

    /// Reconfigures headers and footers in place while a configurator is
    /// set; reloads their sections otherwise.
    func updateSupplementReconfiguring() {
      guard supplementaryViewConfigurator != nil else {
        renderer.reconfigureSupplements = nil
        return
      }
      renderer.reconfigureSupplements = { [weak self] sections, _ in
        self?.reconfigureSupplements(ofSections: sections)
        return []
      }
    }
  }
#endif
