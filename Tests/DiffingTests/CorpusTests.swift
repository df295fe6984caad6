import DataSourceGraphDiffing
import Foundation
import Testing

/// The shared corpus: Swift's own diffing test pairs and Myers' Fig. 1 example.
/// CI keeps `shared/` beside the checkout: `<root>/../shared/corpus`.
@Suite struct CorpusTests {
  struct Corpus: Decodable {
    struct Case: Decodable {
      var name: String
      var old: [String]
      var new: [String]
    }
    var cases: [Case]
  }

  static let corpusURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/flat-diff-cases.json")

  static let corpus: Corpus? = (try? Data(contentsOf: corpusURL)).flatMap {
    try? JSONDecoder().decode(Corpus.self, from: $0)
  }

  @Test(
    "Every corpus pair gives a valid, minimal diff and edit script",
    .enabled(
      if: corpus != nil, "the corpus of other projects' test cases is not beside this checkout"))
  func corpusCases() throws {
    let corpus = try #require(Self.corpus)
    #expect(corpus.cases.count >= 20)
    for testCase in corpus.cases {
      let lcs = naiveLCSLength(testCase.old, testCase.new)
      let difference = testCase.new.identityDifference(from: testCase.old)
      #expect(
        difference.applying(to: testCase.old, taking: testCase.new) == testCase.new,
        "\(testCase.name)")
      #expect(
        testCase.old.count - difference.deletes.count - difference.moves.count == lcs,
        "\(testCase.name)")
      #expect(
        difference.duplicates
          == IdentityDifference.Duplicates(
            old: repeatedOffsets(testCase.old), new: repeatedOffsets(testCase.new)),
        "\(testCase.name)")
      let script = testCase.new.editScript(from: testCase.old)
      #expect(
        script.deletes.count + script.inserts.count == testCase.old.count + testCase.new.count - 2
          * lcs,
        "\(testCase.name)")
    }
  }

  @Test("Myers 1986, Fig. 1: ABCABBA → CBABAC has D = 5")
  func myersFigureOne() {
    let script = Array("CBABAC").editScript(from: Array("ABCABBA"))
    #expect(script.deletes.count + script.inserts.count == 5)
  }
}
