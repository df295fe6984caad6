#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  import DataSourceGraphUIKitPlatform

  /// Changes of items only, shown by editing the renderer's content where
  /// it is: no copy of the content, no plan computed from the content
  /// before and after (`ChangeBatch.inPlaceSteps(on:)` reads it from the
  /// batch).
  extension ListViewRenderer {
    /// Shows `batch`, which changes only items, by editing ``snapshot``
    /// where it is: in batch updates (``showInPlace(_:_:on:)``), or, where
    /// the view does not take them (offscreen, too many changes), with
    /// `reloadData()` once the snapshot is edited.
    ///
    /// - Complexity: O(*k* log *k*) for *k* operations, plus the memory
    ///   moves of the arrays edited (see ``showInPlace(_:_:on:)``).
    func showItemsInPlace(
      _ batch: ChangeBatch<SectionID, Item>, _ steps: InPlaceSteps, on view: any BatchUpdatingView
    ) {
      guard takesBatchUpdates(batch, on: view) else {
        return reload(for: reloadReason(on: view), by: .batch(batch)) {
          $0.applyCheckedInPlace(batch)
        }
      }
      showInPlace(batch, steps, on: view)
    }

    /// Applies `batch`, checked to fit ``snapshot`` where it is
    /// (`ChangeBatch.inPlaceSteps(on:)`), to ``snapshot``'s own storage.
    private func applyCheckedInPlace(_ batch: ChangeBatch<SectionID, Item>) {
      guard snapshot.applyCheckedItems(batch) else {
        preconditionFailure("ListViewRenderer: a batch checked to apply in place did not")
      }
    }

    /// Shows `batch`, which changes only items, by editing ``snapshot``
    /// where it is, in the steps `steps` (``ChangeBatch/inPlaceSteps(on:)``,
    /// checked against ``snapshot``): one batch update, or the updates
    /// first and then the rest. No copy of the content is made, and no plan
    /// is computed from the content before and after.
    ///
    /// - Complexity: O(*k* log *k*) for *k* operations, plus the memory move
    ///   of the items after an insert or a delete in its section's array,
    ///   when no other snapshot shares the sections the batch touches
    ///   (otherwise each such section is copied once).
    private func showInPlace(
      _ batch: ChangeBatch<SectionID, Item>, _ steps: InPlaceSteps, on view: any BatchUpdatingView
    ) {
      let place = notePlace()
      let animated = animates && place?.anchor.isMoved(byItemsOnly: batch) != true
      let style = options.itemUpdates
      willChangeView?(snapshot, .batch(batch))
      let stepBatches =
        steps == .one ? [batch] : [batch.updatesAtTheirOldPaths, batch.withoutItemUpdates]
      var reconfigured = 0
      for step in stepBatches {
        perform(step, animated: animated, on: view) { $0.applyCheckedInPlace(step) }
        if style == .reconfigure, !step.itemUpdates.isEmpty {
          view.reconfigure(itemsAt: step.updatedItemPaths, animated: animated)
          reconfigured += step.itemUpdates.count
        }
      }
      if let place {
        place.anchor.restore(in: place.view, showing: snapshot, searching: batch.count)
      }
      didChangeView?(ShownChange(new: snapshot, reloaded: false))
      onUpdate?(.batches(steps: stepBatches.count, animated: animated, reconfigured: reconfigured))
    }

    /// Whether `view` takes `batch` as batch updates: it is in a window (or
    /// ``ListUpdateOptions/reloadsWhenOffscreen`` is off) and the batch is
    /// not too large to follow (``ListUpdateOptions/maximumAnimatedChanges``).
    func takesBatchUpdates(
      _ batch: ChangeBatch<SectionID, Item>, on view: any BatchUpdatingView
    ) -> Bool {
      batch.count <= options.maximumAnimatedChanges
        && (!options.reloadsWhenOffscreen || view.isInWindow)
    }
  }
#endif
