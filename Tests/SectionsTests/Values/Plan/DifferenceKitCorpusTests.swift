import DataSourceGraphNodes
import DataSourceGraphSections
import Foundation
import SectionsTestSupport
import Testing

/// DifferenceKit's sectioned cases `testComplicated1`–`11`, read at run
/// time from `../shared/corpus`: diff, plan, validate and reproduce each.
/// The cases repeat identities on purpose; a snapshot keeps the first
/// occurrence and lists the rest in `duplicates`.
@Suite struct DifferenceKitCorpusTests {
  struct Case {
    var name: String
    var old: RowSnapshot
    var new: RowSnapshot
  }

  static let corpusFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/differencekit-sectioned-cases.json")

  static func snapshot(_ json: Any?) -> RowSnapshot {
    let sections = (json as? [[String: Any]] ?? []).map { section in
      RowSection(
        id: section["id"] as? Int ?? -1,
        items: (section["items"] as? [[Int]] ?? []).map { Row(id: $0[0], revision: $0[1]) })
    }
    return RowSnapshot(sections: sections)
  }

  static func cases() -> [Case] {
    guard let data = try? Data(contentsOf: corpusFile),
      let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let cases = root["cases"] as? [[String: Any]]
    else { return [] }
    return cases.map {
      Case(name: $0["name"] as? String ?? "?", old: snapshot($0["old"]), new: snapshot($0["new"]))
    }
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: corpusFile.path),
      "the corpus of other projects' test cases is not beside this checkout"))
  func sectionedCasesDiffPlanValidateAndReproduce() throws {
    let cases = Self.cases()
    try #require(!cases.isEmpty, "corpus present but unreadable")
    #expect(cases.count == 11)
    var duplicatesSeen = 0
    for test in cases {
      duplicatesSeen +=
        test.old.duplicates.itemIDs.count + test.new.duplicates.itemIDs.count
        + test.old.duplicates.sectionIDs.count + test.new.duplicates.sectionIDs.count
      Shots.expectDiffAndPlanAreSafe(test.old, test.new, test.name)
      Shots.expectDiffAndPlanAreSafe(test.new, test.old, "\(test.name) reversed")
    }
    #expect(duplicatesSeen > 0, "the corpus repeats identities on purpose")
  }
}
