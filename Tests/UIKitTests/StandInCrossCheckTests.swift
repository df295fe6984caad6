// Runs where the UIKit layer is built on its stand-in (not on Apple
// platforms with UIKit, where these checks of the stand-in do not exist).
#if canImport(UIKitStandIn)
  import DataSourceGraphSections
  import TestSupport
  import Testing
  import UIKitStandIn
  import DataSourceGraphNodes

  /// How a case spoils a correct batch (or the data the view is given).
  enum CrossCorruption: CaseIterable, Sendable {
    case none, offByOne, duplicate, deleteAndReload, reloadMoved, deleteAndMove, insertAndMove
    case moveFromDeletedSection, moveIntoInsertedSection, sectionMoveFromDeleted
    case sectionMoveToInserted, dropOperation, staleData, shiftInsert
  }

  /// The cross-check: the stand-in agrees with the library's validator.
  ///
  /// Each case takes two random snapshots, a correct batch between them
  /// (`new.difference(from: old)`), maybe spoiled by one corruption, and
  /// drives a stand-in table: the data source answers from `old` before the
  /// update block and from the target inside and after it, and the block
  /// issues the batch as the UIKit layer's renderer does. Then it compares
  /// what the stand-in raised with what the validator
  /// (`violations(from:to:mode: .uikitStep)`) reports.
  @Suite @MainActor struct StandInCrossCheckTests {
    /// Rules UIKit enforces with an exception ("Invalid update", "attempt to
    /// …", "cannot move …"): counts (R10), ranges (R9), an index used twice
    /// or two conflicting operations on one index (R6, R8), move and reload
    /// of one item (R7, reported as "delete and move"), moves out of deleted
    /// or into inserted sections (R13, R14), section moves from deleted or
    /// to inserted sections (R15). The stand-in must raise iff one of these
    /// is broken.
    nonisolated static let raising: Set<UIKitRule> = [.r6, .r7, .r8, .r9, .r10, .r13, .r14, .r15]

    /// Rules whose breach UIKit sometimes answers with an exception and
    /// sometimes with a wrong picture, depending on its version and on the
    /// other changes (item changes in moved sections R16, reloads beside
    /// moves R19: openradar 27041784, IGListKit#690, Differ#29). The
    /// stand-in may raise for them or not.
    nonisolated static let fragile: Set<UIKitRule> = [.r16, .r19]

    // Every other rule is invisible to UIKit, which only counts and checks
    // indices: a wrong index space or identity (R2, R3, R17, R24), a
    // reproduction that gives the wrong rows (R4), implied moves (R18),
    // operations inside inserted or deleted sections (R12, which UIKit
    // tolerates: the section operation covers them), duplicate identities
    // (R23). UIKit draws wrong and says nothing; for those the check is that
    // a batch the validator passes leaves the stand-in showing the new
    // snapshot exactly.

    /// Cases per run: 400 in debug builds, 4000 in release builds, 100 in
    /// the sanitizer pass (``PropertyDepth/count(debug:release:)``), or the
    /// number in the environment variable `STANDIN_CROSS_CASES`.
    nonisolated static let caseCount: Int = {
      if let text = ProcessInfo.processInfo.environment["STANDIN_CROSS_CASES"],
        let count = Int(text)
      {
        return count
      }
      return PropertyDepth.count(debug: 400, release: 4000)
    }()

    /// What one case found.
    struct Outcome {
      var seed: UInt64
      var corruption: CrossCorruption
      var violations: [UIKitRule.Violation]
      var raised: [InvalidUpdate]
      var shownMatches: Bool
      /// The new indices UIKit gives reloaded sections.
      var reloadedSlots: Set<Int>

      /// Violations of a rule UIKit raises for, that UIKit can see.
      var visibleRaising: [UIKitRule.Violation] {
        violations.filter { raising.contains($0.rule) && explanation(of: $0) == nil }
      }
      var validatorAllows: Bool {
        violations.contains { raising.contains($0.rule) || fragile.contains($0.rule) }
      }

      /// Why UIKit does not raise for a violation of a raising rule, when it
      /// does not.
      func explanation(of violation: UIKitRule.Violation) -> String? {
        // reloadRows and reloadSections take old positions only; UIKit
        // derives the new one. A check of the batch's own update destination
        // (an R6 in the validator's words) is a wrong index space (R2, R4) to
        // UIKit: it draws wrong, it does not raise.
        let destinationChecks = [
          "reload more than one", "insert and reload the same", "reload and move into the same",
        ]
        if violation.rule == .r6, destinationChecks.contains(where: violation.message.contains) {
          return "R6 on an update's destination, which UIKit never receives"
        }
        // UIKit replaces a reloaded section whole (a delete and an insert):
        // it does not count its rows. The validator counts them.
        if violation.rule == .r10, let section = violation.section, reloadedSlots.contains(section)
        {
          return "R10 on a reloaded section, which UIKit does not count"
        }
        return nil
      }

      /// Why the stand-in raised when the validator reports no rule UIKit
      /// raises for, when it is a known gap.
      var raiseExplanation: String? {
        // The validator checks an update's old position against deletes and
        // moves only when its new position is valid: with a destination out
        // of range or inside an inserted section (R9, R12) it skips the
        // "delete and reload the same index path" UIKit raises for. It still
        // rejects the batch, under another rule.
        let gapKinds: Set<InvalidUpdate.Kind> = [.deleteAndReload, .moveAndReload]
        if raised.allSatisfy({ gapKinds.contains($0.kind) }),
          violations.contains(where: {
            ($0.rule == .r12 || $0.rule == .r9) && $0.message.contains("reload")
          })
        {
          return "validator skips the old-side checks of an update whose destination is wrong"
        }
        return nil
      }
    }

    @Test func standInAgreesWithTheValidator() {
      var tally: [String: Int] = [:]
      var explained: [String: [UInt64]] = [:]
      for index in 0..<Self.caseCount {
        let seed = 0x5EED_0000 + UInt64(index)
        let outcome = Self.run(seed: seed)
        let context =
          "seed \(seed), \(outcome.corruption): validator \(outcome.violations), stand-in \(outcome.raised)"
        if !outcome.visibleRaising.isEmpty {
          #expect(!outcome.raised.isEmpty, "UIKit would raise, the stand-in did not: \(context)")
        } else if outcome.raised.isEmpty {
          for violation in outcome.violations {
            if let why = outcome.explanation(of: violation) {
              explained[why, default: []].append(seed)
            }
          }
        }
        if !outcome.raised.isEmpty && !outcome.validatorAllows {
          #expect(
            outcome.raiseExplanation != nil,
            "the stand-in raised for a batch UIKit takes: \(context)"
          )
          if let why = outcome.raiseExplanation { explained[why, default: []].append(seed) }
        }
        if outcome.violations.isEmpty {
          #expect(
            outcome.raised.isEmpty && outcome.shownMatches, "valid batch drawn wrong: \(context)")
        }
        let verdict =
          outcome.violations.isEmpty
          ? "valid"
          : !outcome.visibleRaising.isEmpty
            ? "raising" : outcome.validatorAllows ? "fragile or invisible" : "silent"
        tally[
          "\(verdict), stand-in \(outcome.raised.isEmpty ? "accepted" : "raised")", default: 0] +=
          1
      }
      reportStatistics(
        "StandIn cross-check, \(Self.caseCount) cases: \(tally.sorted { $0.key < $1.key })")
      for (why, seeds) in explained.sorted(by: { $0.key < $1.key }) {
        reportStatistics(
          "StandIn cross-check, known disagreement (\(seeds.count)): \(why); seeds \(seeds.prefix(5))"
        )
      }
      #expect(tally["valid, stand-in accepted", default: 0] > Self.caseCount / 3)
      #expect(tally["raising, stand-in raised", default: 0] > Self.caseCount / 10)
    }

    /// Runs the case of `seed`.
    static func run(seed: UInt64) -> Outcome {
      var generator = CrossGenerator(rng: SplitMix64(seed: seed))
      let old = generator.snapshot()
      let new = generator.rng.chance(0.7) ? generator.edit(old) : generator.snapshot()
      var batch = new.difference(from: old)
      let corruption = CrossCorruption.allCases[
        generator.rng.int(0..<CrossCorruption.allCases.count)]
      var target = new
      corrupt(&batch, &target, with: corruption, old: old, new: new, rng: &generator.rng)
      normalizeSections(&batch)

      let violations = batch.violations(from: old, to: target, mode: .uikitStep)
      let table = UITableView(frame: .zero, style: .plain)
      table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
      let source = CrossSource(old)
      table.dataSource = source
      table.reloadData()
      table.performBatchUpdates {
        source.snapshot = target
        table.issueCrossBatch(batch)
      }
      let expected = target.sections.map { $0.items.map { Optional(crossText($0)) } }
      let shownMatches =
        table.shownTexts == expected && table.shownHeaderTitles == target.sections.map(\.header)
        && table.shownFooterTitles == target.sections.map(\.footer)
      return Outcome(
        seed: seed, corruption: corruption, violations: violations, raised: table.invalidUpdates,
        shownMatches: shownMatches,
        reloadedSlots: reloadedSlots(
          batch, oldCount: old.numberOfSections, newCount: target.numberOfSections))
    }

    /// The new indices UIKit gives the reloaded sections of `batch`: deleted
    /// and moved sections leave, inserted and moved ones take their new
    /// places, the other old sections fill the free places in order (R3, R4).
    static func reloadedSlots(_ batch: CrossBatch, oldCount: Int, newCount: Int) -> Set<Int> {
      let leaving = Set(batch.sectionDeletes).union(batch.sectionMoves.map(\.from))
      let taken = Set(batch.sectionInserts.map(\.index)).union(batch.sectionMoves.map(\.to))
      let reloaded = Set(batch.sectionUpdates.map(\.from))
      var stayers = (0..<oldCount).filter { !leaving.contains($0) }.makeIterator()
      var slots = Set<Int>()
      for slot in 0..<newCount where !taken.contains(slot) {
        guard let old = stayers.next() else { break }
        if reloaded.contains(old) { slots.insert(slot) }
      }
      return slots
    }

    /// Section lists reach UIKit as `IndexSet`s, which cannot hold an index
    /// twice: the validator is given the batch as UIKit sees it.
    static func normalizeSections(_ batch: inout CrossBatch) {
      batch.sectionDeletes = Array(Set(batch.sectionDeletes)).sorted()
      var seenInserts = Set<Int>()
      batch.sectionInserts = batch.sectionInserts.filter { seenInserts.insert($0.index).inserted }
      var seenUpdates = Set<Int>()
      batch.sectionUpdates = batch.sectionUpdates.filter { seenUpdates.insert($0.from).inserted }
    }

    // MARK: - Corruptions

    static func corrupt(
      _ batch: inout CrossBatch, _ target: inout CrossSnapshot, with corruption: CrossCorruption,
      old: CrossSnapshot, new: CrossSnapshot, rng: inout SplitMix64
    ) {
      let oldPaths = paths(of: old)
      let newPaths = paths(of: new)
      switch corruption {
      case .none:
        break
      case .offByOne:
        switch rng.int(0..<7) {
        case 0 where !batch.itemDeletes.isEmpty:
          batch.itemDeletes[rng.int(0..<batch.itemDeletes.count)].item += 1
        case 1 where !batch.itemInserts.isEmpty:
          batch.itemInserts[rng.int(0..<batch.itemInserts.count)].path.item += 1
        case 2 where !batch.itemMoves.isEmpty:
          batch.itemMoves[rng.int(0..<batch.itemMoves.count)].from.item += 1
        case 3 where !batch.itemMoves.isEmpty:
          batch.itemMoves[rng.int(0..<batch.itemMoves.count)].to.item += 1
        case 4 where !batch.itemUpdates.isEmpty:
          batch.itemUpdates[rng.int(0..<batch.itemUpdates.count)].from.item += 1
        case 5 where !batch.sectionDeletes.isEmpty:
          batch.sectionDeletes[rng.int(0..<batch.sectionDeletes.count)] += 1
        case 6 where !batch.sectionMoves.isEmpty:
          batch.sectionMoves[rng.int(0..<batch.sectionMoves.count)].to += 1
        default:
          if !batch.sectionInserts.isEmpty { batch.sectionInserts[0].index += 1 }
        }
      case .duplicate:
        switch rng.int(0..<5) {
        case 0 where !batch.itemDeletes.isEmpty: batch.itemDeletes.append(batch.itemDeletes[0])
        case 1 where !batch.itemInserts.isEmpty: batch.itemInserts.append(batch.itemInserts[0])
        case 2 where !batch.itemMoves.isEmpty: batch.itemMoves.append(batch.itemMoves[0])
        case 3 where !batch.itemUpdates.isEmpty: batch.itemUpdates.append(batch.itemUpdates[0])
        default:
          if !batch.sectionMoves.isEmpty { batch.sectionMoves.append(batch.sectionMoves[0]) }
        }
      case .deleteAndReload:
        if let path = batch.itemDeletes.randomElement(using: &rng) {
          batch.itemUpdates.append(.init(from: path, to: path, item: old.item(at: path)))
        }
      case .reloadMoved:
        if let move = batch.itemMoves.randomElement(using: &rng) {
          batch.itemUpdates.append(.init(from: move.from, to: move.to, item: new.item(at: move.to)))
        }
      case .deleteAndMove:
        if let path = batch.itemDeletes.randomElement(using: &rng),
          let to = newPaths.randomElement(using: &rng)
        {
          batch.itemMoves.append(.init(from: path, to: to))
        }
      case .insertAndMove:
        if let insert = batch.itemInserts.randomElement(using: &rng),
          let from = oldPaths.randomElement(using: &rng)
        {
          batch.itemMoves.append(.init(from: from, to: insert.path))
        }
      case .moveFromDeletedSection:
        if let from = oldPaths.filter({ batch.sectionDeletes.contains($0.section) })
          .randomElement(using: &rng),
          let to = newPaths.randomElement(using: &rng)
        {
          batch.itemMoves.append(.init(from: from, to: to))
        }
      case .moveIntoInsertedSection:
        let inserted = Set(batch.sectionInserts.map(\.index))
        if let to = newPaths.filter({ inserted.contains($0.section) }).randomElement(using: &rng),
          let from = oldPaths.randomElement(using: &rng)
        {
          batch.itemMoves.append(.init(from: from, to: to))
        }
      case .sectionMoveFromDeleted:
        if let from = batch.sectionDeletes.randomElement(using: &rng), new.numberOfSections > 0 {
          batch.sectionMoves.append(.init(from: from, to: rng.int(0..<new.numberOfSections)))
        }
      case .sectionMoveToInserted:
        if let to = batch.sectionInserts.randomElement(using: &rng)?.index, old.numberOfSections > 0
        {
          batch.sectionMoves.append(.init(from: rng.int(0..<old.numberOfSections), to: to))
        }
      case .dropOperation:
        switch rng.int(0..<4) {
        case 0 where !batch.itemDeletes.isEmpty: batch.itemDeletes.removeLast()
        case 1 where !batch.itemInserts.isEmpty: batch.itemInserts.removeLast()
        case 2 where !batch.sectionDeletes.isEmpty: batch.sectionDeletes.removeLast()
        default: if !batch.sectionInserts.isEmpty { batch.sectionInserts.removeLast() }
        }
      case .staleData:
        target = old
      case .shiftInsert:
        // Counts stay right, content goes wrong: UIKit cannot tell.
        if let index = batch.itemInserts.indices.randomElement(using: &rng) {
          let path = batch.itemInserts[index].path
          if path.item > 0 { batch.itemInserts[index].path.item -= 1 }
        }
      }
    }

    /// Every item path of `snapshot`.
    static func paths(of snapshot: CrossSnapshot) -> [ItemPath] {
      snapshot.sections.enumerated().flatMap { section, content in
        content.items.indices.map { ItemPath(section: section, item: $0) }
      }
    }
  }
#endif
