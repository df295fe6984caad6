import DataSourceGraphNodes
import DataSourceGraphSections
import DataSourceGraphTesting
import SectionsTestSupport
import Testing

/// ``DataSource/render(into:)`` connects a renderer to the source's current
/// content (``Renderer/connect(to:)``), which a renderer that can get out of
/// step (`ListViewRenderer`) reloads from.
@Suite struct RendererConnectionTests {
  /// A renderer that keeps the reader it is given and records what it saw.
  final class ReaderKeeper: Renderer {
    typealias SectionID = String
    typealias Item = Row
    var read: (() -> Snapshot<String, Row>?)?
    var connectedBeforeReset: Bool?
    var snapshot = Snapshot<String, Row>()

    func reset(to snapshot: Snapshot<String, Row>, state: ContentState) {
      connectedBeforeReset = read != nil
      self.snapshot = snapshot
    }
    func apply(_ change: SnapshotChange<String, Row>) {
      snapshot = snapshot.applying(change) ?? snapshot
    }
    func stateDidChange(from old: ContentState, to new: ContentState) {}
    func connect(to currentContent: @escaping () -> Snapshot<String, Row>?) {
      read = currentContent
    }
  }

  @Test func readerFollowsTheSourceAndHoldsItWeakly() throws {
    let keeper = ReaderKeeper()
    var source: MutableDataSource<String, Row>? = MutableDataSource(
      snapshot: Snapshot(id: "a", items: [Row(id: 1)]))
    let observation = try #require(source).render(into: keeper)
    #expect(keeper.connectedBeforeReset == true)
    let read = try #require(keeper.read)
    #expect(read() == source?.snapshot)
    source?.append([Row(id: 2)], toSection: 0)
    #expect(read() == source?.snapshot)
    #expect(read()?.numberOfItems == 2)
    observation.cancel()
    source = nil
    #expect(read() == nil, "the reader must not keep the source alive")
  }

  @Test func validatingRendererPassesTheReaderOn() throws {
    let source = MutableDataSource(snapshot: Snapshot(id: "a", items: [Row(id: 1)]))
    let checked = ValidatingRenderer(ReaderKeeper())
    let observation = source.render(into: checked)
    let read = try #require(checked.base.read)
    #expect(read() == source.snapshot)
    observation.cancel()
  }

  /// Renderers that redraw from every change ignore the reader (the
  /// default implementation), and go on working.
  @Test func defaultIgnoresTheReader() {
    let source = MutableDataSource(snapshot: Snapshot(id: "a", items: [Row(id: 1)]))
    let mirror = MirrorRenderer<String, Row>()
    mirror.connect { nil }
    let observation = source.render(into: mirror)
    source.append([Row(id: 2)], toSection: 0)
    #expect(mirror.snapshot == source.snapshot)
    #expect(mirror.failures.isEmpty)
    observation.cancel()
  }
}
