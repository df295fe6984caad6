import DataSourceGraphComposition
import DataSourceGraphNodes
import DataSourceGraphSections
import TestSupport
import Testing

/// Inclusion bits answer as plain arrays of which input items are shown,
/// per section: whether an item is shown, its shown position, the input
/// path of a shown position, the count shown, through random shows and
/// hides one at a time (`set`) and in groups (`flip`, whose batch applied
/// to the shown items gives the shown items after).
@Suite struct InclusionBitsTests {
  @Test(.namesTheSeed)
  func answersAsItsSections() async {
    await forEachSeed(1...30, answersAsItsSections(seed:))
  }

  func answersAsItsSections(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let source = MutableDataSource(
      snapshot: Snapshot(
        sections: (0..<rng.int(1...4)).map { s in
          SnapshotSection(id: s, items: (0..<rng.int(0..<300)).map { ValueItem(s * 1_000 + $0) })
        }))
    var model = (0..<source.numberOfSections).map { s in
      (0..<source.numberOfItems(inSection: s)).map { _ in rng.chance(0.5) }
    }
    var bits = InclusionBits(source) { model[$0.value / 1_000][$0.value % 1_000] }
    expectBits(bits, answerAs: model)
    for _ in 0..<60 {
      let paths = (0..<rng.int(1...8)).compactMap { _ -> ItemPath? in
        let s = rng.int(0..<model.count)
        return model[s].isEmpty ? nil : ItemPath(section: s, item: rng.int(0..<model[s].count))
      }
      if rng.chance(0.5) {
        for path in paths {
          let isShown = rng.chance(0.5)
          bits.set(path, to: isShown)
          model[path.section][path.item] = isShown
        }
      } else {
        let changes = Dictionary(paths.map { ($0, rng.chance(0.5)) }) { first, _ in first }
          .map { (path: $0.key, isShown: $0.value) }
        let before = shownSnapshot(source, model)
        let batch: ChangeBatch<Int, ValueItem<Int>> = bits.flip(changes, read: source.item(at:))
        for change in changes { model[change.path.section][change.path.item] = change.isShown }
        #expect(before.applying(batch) == shownSnapshot(source, model))
      }
      expectBits(bits, answerAs: model)
    }
  }

  /// The items of `source` that `model` shows.
  private func shownSnapshot(
    _ source: MutableDataSource<Int, ValueItem<Int>>, _ model: [[Bool]]
  ) -> Snapshot<Int, ValueItem<Int>> {
    Snapshot(
      sections: model.indices.map { s in
        SnapshotSection(
          id: s,
          items: model[s].indices.filter { model[s][$0] }.map {
            source.item(at: ItemPath(section: s, item: $0))
          })
      })
  }

  private func expectBits(_ bits: InclusionBits, answerAs model: [[Bool]]) {
    #expect(bits.shown == model.joined().filter { $0 }.count)
    for (s, section) in model.enumerated() {
      var shown = 0
      for (i, isShown) in section.enumerated() {
        let path = ItemPath(section: s, item: i)
        #expect(bits[path] == isShown)
        #expect(bits.shownPosition(of: path) == (isShown ? ItemPath(section: s, item: shown) : nil))
        if isShown {
          #expect(bits.inputPath(ofShown: ItemPath(section: s, item: shown)) == path)
          shown += 1
        }
      }
    }
  }
}
