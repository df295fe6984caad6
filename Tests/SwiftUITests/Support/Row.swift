/// An item of the tests: an identity and a value that edits change.
struct Row: Identifiable, Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var value: Int

  var description: String { "\(id):\(value)" }
}

/// An error a test load fails with.
struct Offline: Error, Equatable {}
