import DataSourceGraphSections
import Testing

/// An error with a readable description, as an app would define.
private struct Timeout: Error, CustomStringConvertible {
  var description: String { "the server did not answer in time" }
}

@Suite struct TextRendererTests {
  typealias Renderer = TextListRenderer<Int, Row>

  static func renderer(_ state: ContentState, _ snapshot: RowSnapshot = RowSnapshot()) -> Renderer {
    let renderer = Renderer(style: .plain) { "row \($0.description)" }
    renderer.reset(to: snapshot, state: state)
    return renderer
  }

  static let fruit = RowSnapshot(sections: [
    RowSection(id: 0, header: "Fruit", items: [Row(id: 1), Row(id: 2), Row(id: 3)]),
    RowSection(id: 1, header: "Vegetables", footer: "in season", items: [Row(id: 4)]),
  ])

  @Test func contentShowsHeadersItemsAndFooters() {
    let frame = Self.renderer(.content, Self.fruit).frame()
    #expect(
      frame == """
          Fruit
            row 1
            row 2
            row 3

          Vegetables
            row 4
            in season
        """)
  }

  @Test func loadingShowsASpinnerThatAdvances() {
    let renderer = Self.renderer(.loading)
    renderer.style.spinnerFrames = TextListStyle.asciiSpinner
    #expect(renderer.isAnimating)
    #expect(renderer.frame() == "| Loading…")
    renderer.advanceSpinner()
    #expect(renderer.frame() == "/ Loading…")
    for _ in 0..<3 { renderer.advanceSpinner() }
    #expect(renderer.frame() == "| Loading…", "the spinner cycles")
  }

  @Test func refreshingKeepsTheContent() {
    let frame = Self.renderer(.refreshing, Self.fruit).frame()
    #expect(frame.hasPrefix("⠋ Refreshing…"))
    #expect(frame.contains("row 3"))
  }

  @Test func emptyAndErrorShowStandardPlaceholders() {
    let empty = Self.renderer(.empty).frame()
    #expect(empty.contains("No content"))
    #expect(!empty.contains("row"))
    let error = Self.renderer(.error(Timeout())).frame()
    #expect(error.contains("Couldn't load"))
    #expect(error.contains("the server did not answer in time"), "the error's description")
    #expect(!Self.renderer(.content).isAnimating)
  }

  /// Every line of a placeholder box has the same width, however long the
  /// message, and none is wider than the style allows.
  @Test func placeholderBoxIsWrappedToTheWidth() {
    let renderer = Self.renderer(.empty)
    renderer.style.width = 30
    renderer.placeholder = { _ in
      TextListStyle.Placeholder(
        title: "Nothing",
        message: "A long message that must wrap over several lines, with a word "
          + "longerthanthewholeboxwidthforsure in it.")
    }
    let lines = renderer.frame().split(separator: "\n")
    #expect(lines.count > 4)
    #expect(Set(lines.map(\.count)).count == 1, "\(lines)")
    #expect(lines.allSatisfy { $0.count <= 30 }, "\(lines)")
  }

  @Test func customPlaceholderWinsAndNilFallsBack() {
    let renderer = Self.renderer(.empty)
    renderer.placeholder = { state in
      state.kind == .empty
        ? TextListStyle.Placeholder(title: "No colours", message: "Pull to refresh.") : nil
    }
    #expect(renderer.frame().contains("No colours"))
    #expect(renderer.frame().contains("Pull to refresh."))
    renderer.stateDidChange(from: .empty, to: .error(Timeout()))
    #expect(renderer.frame().contains("Couldn't load"))
  }

  /// The banner calls each missing part by the name its state carries, with
  /// no `partName` set.
  @Test func partialBannerNamesTheMissingParts() {
    let partial = ContentState.Partial(missing: [
      .init(child: 1, name: "Recent", reason: .pending),
      .init(child: 2, name: "Suggestions", reason: .failed(Timeout())),
    ])
    let renderer = Self.renderer(.partial(partial), Self.fruit)
    let frame = renderer.frame()
    #expect(frame.contains("Partly loaded"))
    #expect(frame.contains("Recent: loading…"))
    #expect(frame.contains("× Suggestions: the server did not answer in time"))
    #expect(frame.contains("row 1"), "the parts that loaded stay visible")
    #expect(renderer.isAnimating, "a pending part spins")
  }

  /// A part without a name is called by its place, counting from 1.
  @Test func partialBannerNumbersUnnamedParts() {
    let partial = ContentState.Partial(missing: [
      .init(child: 1, reason: .pending), .init(child: 2, name: "Suggestions", reason: .pending),
    ])
    let frame = Self.renderer(.partial(partial), Self.fruit).frame()
    #expect(frame.contains("part 2: loading…"))
    #expect(frame.contains("Suggestions: loading…"))
  }

  /// `partName` overrides the names; it sees the whole missing record.
  @Test func partNameOverridesTheNames() {
    let partial = ContentState.Partial(missing: [
      .init(child: 0, name: "Recent", reason: .failed(Timeout())),
      .init(child: 2, reason: .failed(Timeout())),
    ])
    let renderer = Self.renderer(.partial(partial), Self.fruit)
    renderer.partName = { missing in
      "\(missing.name?.uppercased() ?? "PART") #\(missing.child)"
    }
    let frame = renderer.frame()
    #expect(frame.contains("× RECENT #0: the server did not answer in time"))
    #expect(frame.contains("× PART #2: the server did not answer in time"))
  }

  @Test func contentWithFailureShowsABannerAndTheContent() {
    let frame = Self.renderer(.contentWithFailure(Timeout()), Self.fruit).frame()
    #expect(frame.hasPrefix("! Couldn't refresh: the server did not answer in time\n  Showing"))
    #expect(frame.contains("row 4"))
  }

  /// The last batch's inserts, moves and updates are marked at their new
  /// positions; deletes are counted.
  @Test func lastBatchIsHighlighted() {
    let renderer = Self.renderer(.content, Self.fruit)
    var new = Self.fruit.sections
    new[0].items = [Row(id: 3), Row(id: 1, revision: 1), Row(id: 5)]  // 2 deleted, 3 moved
    new[1].items.append(Row(id: 6))
    let next = RowSnapshot(sections: new)
    renderer.apply(.batch(next.difference(from: Self.fruit)))
    #expect(renderer.snapshot == next)
    let lines = renderer.frame().split(separator: "\n").map(String.init)
    #expect(lines.contains(">   row 3") || lines.contains("    row 3"))
    #expect(lines.contains("~   row 1'1") || lines.contains(">~  row 1'1"))
    #expect(lines.contains("+   row 5"))
    #expect(lines.contains("+   row 6"))
    #expect(lines.last == "last change: 2 inserted, 1 moved, 1 updated, 1 deleted", "\(lines)")
    // A state change keeps the marks; a reset clears them.
    renderer.stateDidChange(from: .content, to: .refreshing)
    #expect(renderer.frame().contains("+   row 5"))
    renderer.reset(to: next, state: .content)
    #expect(!renderer.frame().contains("+ "))
    #expect(renderer.lastChangeSummary == nil)
  }

  @Test func insertedSectionMarksItsHeaderAndItems() {
    let renderer = Self.renderer(.content, Self.fruit)
    var sections = Self.fruit.sections
    sections.insert(RowSection(id: 7, header: "Nuts", items: [Row(id: 8)]), at: 1)
    let next = RowSnapshot(sections: sections)
    renderer.apply(.batch(next.difference(from: Self.fruit)))
    let frame = renderer.frame()
    #expect(frame.contains("+ Nuts"))
    #expect(frame.contains("+   row 8"))
    renderer.apply(.reloadAll(Self.fruit))
    #expect(renderer.frame().hasSuffix("last change: everything reloaded"))
  }

  @Test func colourOnlyWhenAsked() {
    let plain = Self.renderer(.contentWithFailure(Timeout()), Self.fruit)
    #expect(!plain.frame().contains("\u{1B}["))
    plain.style = .terminal
    #expect(plain.frame().contains("\u{1B}[33m"), "the banner is yellow")
    plain.style.usesColor = false
    #expect(!plain.frame().contains("\u{1B}["))
  }

  @Test func titleAndLongRowsAreClipped() {
    let renderer = Renderer(style: TextListStyle(usesColor: false, width: 20)) {
      String(repeating: "x", count: $0.id)
    }
    renderer.title = "Screen"
    renderer.reset(to: RowSnapshot(id: 0, items: [Row(id: 3), Row(id: 40)]), state: .content)
    let lines = renderer.frame().split(separator: "\n").map(String.init)
    #expect(lines[0] == "Screen")
    #expect(lines.contains("    xxx"))
    #expect(lines.allSatisfy { $0.count <= 20 }, "\(lines)")
    #expect(lines.contains { $0.hasSuffix("…") })
  }

  /// A batch that does not fit is not drawn half-way, and the frame says so.
  @Test func rejectedBatchKeepsContent() {
    let renderer = Self.renderer(.content, Self.fruit)
    var batch = RowBatch()
    batch.sectionDeletes = [9]
    renderer.apply(.batch(batch))
    #expect(renderer.snapshot == Self.fruit)
    #expect(renderer.rejectedChangeCount == 1)
    #expect(renderer.frame().contains("did not apply"))
  }

  /// Connected to a source, the renderer calls `onChange` for each event
  /// and follows the content.
  @Test func followsASourceAndTellsTheHost() {
    let source = MutableDataSource<Int, Row>(sections: [RowSection(id: 0, header: "Inbox")])
    let renderer = Renderer { "row \($0.id)" }
    var redraws = 0
    renderer.onChange = { redraws += 1 }
    let observation = source.render(into: renderer)
    source.append([Row(id: 1), Row(id: 2)], toSection: 0)
    #expect(renderer.frame().contains("+   row 2"))
    #expect(renderer.state.kind == .content)
    #expect(redraws == 3, "reset, batch, state change")
    observation.cancel()
  }

  @Test func describingItemsByDefault() {
    let renderer = TextListRenderer<Int, Row>()
    renderer.reset(to: RowSnapshot(id: 0, items: [Row(id: 4, revision: 2)]), state: .content)
    #expect(renderer.frame() == "    4'2")
  }

  /// `init(for:)` takes the section identity and item types from the node,
  /// and draws the node once connected.
  @Test func rendererForANodeInfersItsTypes() {
    let source = MutableDataSource<Int, Row>(snapshot: RowSnapshot(id: 0, items: [Row(id: 7)]))
    let renderer = TextListRenderer(for: source, style: .plain) { "row \($0.id)" }
    let described = TextListRenderer(for: source)
    let typed: TextListRenderer<Int, Row> = renderer
    let observations = [source.render(into: typed), source.render(into: described)]
    #expect(renderer.frame() == "    row 7")
    #expect(described.frame() == "    7")
    #expect(renderer.style == .plain && renderer.state.kind == .content)
    for observation in observations { observation.cancel() }
  }
}
