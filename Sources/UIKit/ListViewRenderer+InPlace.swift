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
    /// where it is: in batch updates (``showInPlace(_:_:reaching:on:)``),
    /// or, where the view does not take them (offscreen, too many changes),
    /// with `reloadData()` once the snapshot is edited. When `target`, the
    /// content the batch leads to, is given (the changes of a turn,
    /// composed), the snapshot takes it instead of being edited.
    ///
    /// - Complexity: O(*k* log *k*) for *k* operations, plus the memory
    ///   moves of the arrays edited (see ``showInPlace(_:_:reaching:on:)``).
    func showItemsInPlace(
      _ batch: ChangeBatch<SectionID, Item>, _ steps: InPlaceSteps,
      reaching target: Snapshot<SectionID, Item>? = nil, on view: any BatchUpdatingView
    ) {
      #if DATASOURCEGRAPH_INTERNAL_CHECKS
        if let target {
          precondition(
            snapshot.applying(batch) == target,
            "ListViewRenderer: the composed batch does not lead to the content made meanwhile")
        }
      #endif
      guard takesBatchUpdates(batch, on: view) else {
        return reload(for: reloadReason(on: view), by: .batch(batch)) {
          $0.take(batch, reaching: target)
        }
      }
      showInPlace(batch, steps, reaching: target, on: view)
    }

    /// Takes `target`, the content `batch` leads to, when given; otherwise
    /// applies `batch`, checked to fit ``snapshot`` where it is
    /// (`ChangeBatch.inPlaceSteps(on:)`), to ``snapshot``'s own storage.
    private func take(
      _ batch: ChangeBatch<SectionID, Item>, reaching target: Snapshot<SectionID, Item>?
    ) {
      if let target {
        snapshot = target
        return
      }
      guard snapshot.applyCheckedItems(batch) else {
        preconditionFailure("ListViewRenderer: a batch checked to apply in place did not")
      }
    }

    /// Shows `batch`, which changes only items, by editing ``snapshot``
    /// where it is, in the steps `steps` (``ChangeBatch/inPlaceSteps(on:)``,
    /// checked against ``snapshot``): one batch update, or the updates
    /// first and then the rest. No copy of the content is made, and no plan
    /// is computed from the content before and after. Given `target`, what
    /// the batch leads to, the last step takes it.
    ///
    /// - Complexity: O(*k* log *k*) for *k* operations, plus the memory move
    ///   of the items after an insert or a delete in its section's array,
    ///   when no other snapshot shares the sections the batch touches
    ///   (otherwise each such section is copied once).
    private func showInPlace(
      _ batch: ChangeBatch<SectionID, Item>, _ steps: InPlaceSteps,
      reaching target: Snapshot<SectionID, Item>?, on view: any BatchUpdatingView
    ) {
      let place = notePlace()
      let animated = animates && place?.isMoved(byItemsOnly: batch) != true
      let style = options.itemUpdates
      viewWillChange(from: snapshot, by: .batch(batch))
      let stepBatches =
        steps == .one ? [batch] : [batch.updatesAtTheirOldPaths, batch.withoutItemUpdates]
      var reconfigured = 0
      for (k, step) in stepBatches.enumerated() {
        let reached = k == stepBatches.count - 1 ? target : nil
        perform(step, animated: animated, on: view) { $0.take(step, reaching: reached) }
        if style == .reconfigure, !step.itemUpdates.isEmpty {
          view.reconfigure(itemsAt: step.updatedItemPaths, animated: animated)
          reconfigured += step.itemUpdates.count
        }
      }
      if let place {
        restore(place, showing: snapshot, searching: batch.count) { $0.insertedPaths(by: batch) }
      }
      viewDidChange(ShownChange(new: snapshot, reloaded: false))
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
