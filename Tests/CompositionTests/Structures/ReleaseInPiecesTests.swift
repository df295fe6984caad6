import DataSourceGraphComposition
import TestSupport
import Testing

/// Counts the tokens made and destroyed.
final class TokenCount {
  var made = 0
  var destroyed = 0
  var alive: Int { made - destroyed }
}

/// An object that counts itself made and destroyed.
final class Token {
  let count: TokenCount
  init(_ count: TokenCount) {
    self.count = count
    count.made += 1
  }
  deinit { count.destroyed += 1 }
}

/// Arrays handed to a `ReleaseInPieces` are destroyed at most
/// `itemsPerStep` items a step, as many as that allows, until none is left;
/// the items not yet released stay alive.
@Suite struct ReleaseInPiecesTests {
  @Test(.namesTheSeed)
  func releasesAtMostAStepsWorthAtATime() async {
    await forEachSeed(1...20, releasesAtMostAStepsWorthAtATime(seed:))
  }

  func releasesAtMostAStepsWorthAtATime(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let tokens = TokenCount()
    let perStep = ReleaseInPieces<Token>.itemsPerStep
    var release = ReleaseInPieces<Token>()
    var added = 0
    for _ in 0..<40 {
      if rng.chance(0.4) {
        let size = rng.chance(0.2) ? 0 : rng.int(1...(3 * perStep))
        release.add((0..<size).map { _ in Token(tokens) })
        added += size
      } else {
        let pending = added - tokens.destroyed
        release.step()
        #expect(
          tokens.destroyed == added - max(0, pending - perStep),
          "seed \(seed): \(pending) pending, \(added - tokens.destroyed) left after a step")
      }
      #expect(release.count == added - tokens.destroyed, "seed \(seed): count")
    }
    while release.count > 0 { release.step() }
    #expect(tokens.destroyed == added, "seed \(seed): every item released")
  }
}
