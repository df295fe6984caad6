/// A test item: an identity and a value that filters and sorts read.
struct Row: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int

  var description: String { "\(id):\(value)" }
}
