import DataSourceGraphDiffing
import TestSupport
import Testing

/// Seeded property tests over thousands of random pairs: every strategy gives a
/// valid, minimal, deterministic difference. Debug runs are short; `swift test
/// -c release` runs ten times more cases.
@Suite struct IdentityDifferencePropertyTests {
  static let casesPerSeed = PropertyDepth.steps(debug: 150, release: 1_500)
  static let seeds: [UInt64] = Array(0..<16)

  @Test("Small cases: valid and minimal against the O(N·M) oracle", .namesTheSeed)
  func smallCases() async { await forEachSeed(Self.seeds, smallCases(seed:)) }

  func smallCases(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for index in 0..<Self.casesPerSeed {
      let shape = CaseShape.allCases[index % CaseShape.allCases.count]
      let (old, new) = randomCase(shape, size: 12, using: &rng)
      let difference = new.identityDifference(from: old)
      let problems = violations(of: difference, from: old, to: new)
      #expect(problems.isEmpty, "seed \(seed) case \(index): \(old) → \(new): \(problems)")
      #expect(
        new.identityDifference(from: old) == difference,
        "seed \(seed) case \(index): not deterministic")
    }
  }

  @Test("Every strategy is valid and keeps a longest common subsequence", .namesTheSeed)
  func strategiesAgree() async { await forEachSeed(Self.seeds, strategiesAgree(seed:)) }

  func strategiesAgree(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 1_000)
    for index in 0..<Self.casesPerSeed {
      let shape = CaseShape.allCases[index % CaseShape.allCases.count]
      let (old, new) = randomCase(shape, size: 30, using: &rng)
      for strategy in IdentityDiffStrategy.allCases {
        let difference = new._identityDifference(
          from: old, identifiedBy: { $0.id }, contentEquals: ==, strategy: strategy)
        let problems = violations(of: difference, from: old, to: new)
        #expect(
          problems.isEmpty, "seed \(seed) case \(index) \(strategy): \(old) → \(new): \(problems)")
      }
    }
  }

  @Test("Medium unique cases: the paths agree on the kept count", .namesTheSeed)
  func mediumCases() async { await forEachSeed(Self.seeds.prefix(4), mediumCases(seed:)) }

  func mediumCases(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 2_000)
    for index in 0..<Self.casesPerSeed / 5 {
      let shape: CaseShape = [.uniqueEdits, .reversed, .rotated, .interleaved][index % 4]
      let (old, new) = randomCase(shape, size: 600, using: &rng)
      var keptCounts: Set<Int> = []
      for strategy in IdentityDiffStrategy.allCases {
        let difference = new._identityDifference(
          from: old, identifiedBy: { $0.id }, contentEquals: ==, strategy: strategy)
        let problems = violations(of: difference, from: old, to: new, checkLCS: false)
        #expect(problems.isEmpty, "seed \(seed) case \(index) \(strategy): \(problems)")
        keptCounts.insert(old.count - difference.deletes.count - difference.moves.count)
      }
      #expect(keptCounts.count == 1, "seed \(seed) case \(index): kept counts \(keptCounts)")
    }
  }

  @Test("The edit script has N + M − 2·LCS edits", .namesTheSeed)
  func editScriptIsShortest() async { await forEachSeed(Self.seeds, editScriptIsShortest(seed:)) }

  func editScriptIsShortest(seed: UInt64) {
    var rng = SplitMix64(seed: seed &+ 3_000)
    for index in 0..<Self.casesPerSeed {
      let shape = CaseShape.allCases[index % CaseShape.allCases.count]
      let (oldItems, newItems) = randomCase(shape, size: 14, using: &rng)
      let old = oldItems.map(\.id)
      let new = newItems.map(\.id)
      let script = new.editScript(from: old)
      let lcs = naiveLCSLength(old, new)
      #expect(
        script.deletes.count + script.inserts.count == old.count + new.count - 2 * lcs,
        "seed \(seed) case \(index): \(old) → \(new): \(script)")
      // Deleting and inserting as the script says gives `new`.
      let deleted = Set(script.deletes)
      let kept = old.indices.filter { !deleted.contains($0) }.map { old[$0] }
      let inserted = Set(script.inserts)
      let keptNew = new.indices.filter { !inserted.contains($0) }.map { new[$0] }
      #expect(kept == keptNew, "seed \(seed) case \(index): kept elements differ")
    }
  }
}
