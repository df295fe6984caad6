import DataSourceGraphSections

/// Runs `body` once every node of `nodes` has settled its loads (see
/// `DataSource.whenLoaded(_:)`), each waited for once; at once if `nodes` is
/// empty or none is loading. A node listed twice is waited for twice, which
/// changes nothing: it settles for both.
///
/// - Complexity: O(*k*) for *k* nodes, plus what each node's wait costs.
func whenAllLoaded(_ nodes: [any DataSource], _ body: @escaping () -> Void) {
  guard !nodes.isEmpty else { return body() }
  let countdown = Countdown(remaining: nodes.count, body: body)
  for node in nodes { node.whenLoaded { countdown.tick() } }
}

/// The inputs a combinator is still waiting for.
private final class Countdown {
  private var remaining: Int
  private let body: () -> Void

  init(remaining: Int, body: @escaping () -> Void) {
    self.remaining = remaining
    self.body = body
  }

  func tick() {
    remaining -= 1
    if remaining == 0 { body() }
  }
}
