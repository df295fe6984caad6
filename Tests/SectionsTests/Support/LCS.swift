/// The length of a longest common subsequence, by the plain O(n·m) dynamic
/// program: the independent oracle for the diff's minimality.
func lcsLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
  guard !a.isEmpty, !b.isEmpty else { return 0 }
  var previous = [Int](repeating: 0, count: b.count + 1)
  var current = previous
  for x in a {
    for (j, y) in b.enumerated() {
      current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
