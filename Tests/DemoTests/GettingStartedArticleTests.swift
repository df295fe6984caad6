import DataSourceGraph
import Testing

// The code of the umbrella's "Getting started" article
// (Sources/DataSourceGraph/Documentation.docc/GettingStarted.md): every
// Swift block of the article appears here verbatim (up to indentation),
// between the markers, in the article's order; `.ci/docs` checks it. The
// tests check that the code prints what the article shows.

// Article: GettingStarted — begin
struct Note: Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var isArchived = false
}

enum NotesError: Error, CustomStringConvertible {
  case offline
  var description: String { "You are offline." }
}
// Article: GettingStarted — end

/// What the article's code printed, in order.
@MainActor private var printed: [String] = []

/// Records what the article's code prints (in this file only).
@MainActor private func print(_ value: Any) {
  printed.append("\(value)")
}

@MainActor
private func firstScreen() {
  // Article: GettingStarted — begin
  let pinned = MutableDataSource<String, Note>(name: "Pinned")
  let recent = MutableDataSource<String, Note>(name: "Recent")
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  let notes = CompositeDataSource(pinned, recent)
  let visible = notes.filter { !$0.isArchived }
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  let screen = TextListRenderer(for: visible, style: .plain) { $0.title }
  screen.title = "Notes"
  screen.placeholder = { state in
    if case .empty = state {
      TextListStyle.Placeholder(title: "No notes", message: "Write one.")
    } else {
      nil
    }
  }
  let observation = visible.render(into: screen)
  print(screen.frame())
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  pinned.load { token in
    token.succeed(
      with: Snapshot(id: "pinned", header: "Pinned", items: [Note(id: 1, title: "Groceries")]))
  }
  var answer: LoadToken<String, Note>?
  recent.load { token in answer = token }  // a request starts; its answer comes later
  print(visible.contentState)  // partial(Recent pending)
  print(screen.frame())
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  answer?.succeed(
    with: Snapshot(
      id: "recent", header: "Recent",
      items: [Note(id: 2, title: "Call Ada"), Note(id: 3, title: "Old idea", isArchived: true)]))
  print(visible.contentState)  // content
  print(screen.frame())
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  visible.isIncluded = { $0.title.hasPrefix("Buy") }
  print(visible.contentState)  // empty
  print(screen.frame())
  visible.isIncluded = { !$0.isArchived }
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  recent.load { token in token.fail(NotesError.offline) }
  print(visible.contentState)  // contentWithFailure(You are offline.)
  print(screen.frame())
  // Article: GettingStarted — end

  // Article: GettingStarted — begin
  observation.cancel()
  // Article: GettingStarted — end
}

/// A stand-in for the article's server: answers with `notes`, or throws.
struct NotesServer: Sendable {
  var notesToReturn: [Note] = []
  var isOffline = false

  func notes() async throws -> [Note] {
    if isOffline { throw NotesError.offline }
    return notesToReturn
  }
}

// Article: GettingStarted — begin
@MainActor
func refresh(_ recent: MutableDataSource<String, Note>, from server: NotesServer) async {
  let outcome = await recent.load {
    try await Snapshot(id: "recent", header: "Recent", items: server.notes())
  }
  print(outcome)  // loaded, failed(…), obsolete or cancelled
}
// Article: GettingStarted — end

// Article: GettingStarted — begin
final class ChangeLog<SectionID: Hashable, Item: Identifiable & Equatable>: Renderer {
  private(set) var lines: [String] = []

  func reset(to snapshot: Snapshot<SectionID, Item>, state: ContentState) {
    lines.append("reset: \(snapshot.numberOfItems) items, \(state)")
  }

  func apply(_ change: SnapshotChange<SectionID, Item>) {
    switch change {
    case .batch(let batch): lines.append("batch of \(batch.count)")
    case .reloadAll(let snapshot): lines.append("reload: \(snapshot.numberOfItems) items")
    }
  }

  func stateDidChange(from old: ContentState, to new: ContentState) {
    lines.append("state: \(old) → \(new)")
  }
}
// Article: GettingStarted — end

@MainActor
@Suite(.serialized) struct GettingStartedArticleTests {
  @Test func firstScreenPrintsWhatTheArticleShows() {
    printed = []
    firstScreen()
    #expect(
      printed == [
        """
        Notes
        ───────
        ┌───────────────────────────────────┐
        │ Nothing loaded yet                │
        │ Start a load to see content here. │
        └───────────────────────────────────┘
        """,
        "partial(Recent pending)",
        """
        Notes
        ───────
        ! Partly loaded: some parts are missing.
            ⠋ Recent: loading…
        + Pinned
        +   Groceries
        last change: 1 inserted, 1 section inserted
        """,
        "content",
        """
        Notes
        ───────
          Pinned
            Groceries

        + Recent
        +   Call Ada
        last change: 1 inserted, 1 section inserted
        """,
        "empty",
        """
        Notes
        ───────
        ┌────────────┐
        │ No notes   │
        │ Write one. │
        └────────────┘
        """,
        "contentWithFailure(You are offline.)",
        """
        Notes
        ───────
        ! Couldn't refresh: You are offline.
          Showing what was loaded before.
          Pinned
        +   Groceries

          Recent
        +   Call Ada
        last change: 2 inserted
        """,
      ])
  }

  @Test func asyncRefreshAppliesItsAnswerOrItsError() async {
    printed = []
    let recent = MutableDataSource<String, Note>(name: "Recent")
    await refresh(recent, from: NotesServer(notesToReturn: [Note(id: 2, title: "Call Ada")]))
    #expect(recent.snapshot.numberOfItems == 1 && recent.contentState.kind == .content)
    await refresh(recent, from: NotesServer(isOffline: true))
    #expect(recent.contentState.kind == .contentWithFailure)
    #expect(printed == ["loaded", "failed(You are offline.)"])
  }

  @Test func aRendererOfYourOwnHearsEverything() {
    let notes = MutableDataSource<String, Note>(name: "Notes")
    let log = ChangeLog<String, Note>()
    let observation = notes.render(into: log)
    notes.load { token in
      token.succeed(with: Snapshot(id: "all", items: [Note(id: 1, title: "Groceries")]))
    }
    observation.cancel()
    #expect(
      log.lines == [
        "reset: 0 items, initial", "state: initial → loading", "batch of 1",
        "state: loading → content",
      ])
  }
}
