/// The propagation of one change through a graph, from the first `send` to
/// the last observer told, on one thread of execution.
///
/// While a wave delivers events, a node's inputs may have changed before the
/// node has been told (an observer of a leaf edits another leaf, or the same
/// one). A combinator that read its inputs then would translate an old batch
/// against new content. So a change requested during delivery is not made at
/// once: it waits in the wave and is made after every observer has been told,
/// in the order requested. Every observer thus sees every batch in order, and
/// every node's inputs stay as its last batch left them.
///
/// The wave is found through a task-local value, so it needs no global state
/// and works on any actor; synchronous code outside a task keeps it per
/// thread.
package final class DeliveryWave: @unchecked Sendable {
  // @unchecked: a wave is only touched by the synchronous delivery that
  // opened it and by changes made inside that delivery, on one thread, in
  // the single isolation domain of the graph; a task started during delivery
  // inherits the reference but can only reach the graph after the delivery
  // returned (the graph's actor is busy until then), when `depth` is 0.

  /// The wave of the delivery under way, if any.
  @TaskLocal package static var current: DeliveryWave?

  /// How many deliveries are under way (nested sends of several nodes).
  private var depth = 0
  /// Changes requested during delivery, to make after it.
  private var pending: [() -> Void] = []

  private init() {}

  /// Runs `delivery` as part of the current wave, or opens a wave for it and,
  /// when it returns, makes the changes requested meanwhile (each of which
  /// may deliver, and request, more).
  package static func deliver(_ delivery: () -> Void) {
    if let wave = current {
      wave.depth += 1
      defer { wave.depth -= 1 }
      delivery()
      return
    }
    let wave = DeliveryWave()
    $current.withValue(wave) {
      wave.depth = 1
      delivery()
      wave.depth = 0
      var next = 0
      while next < wave.pending.count {
        let change = wave.pending[next]
        next += 1
        change()
      }
      wave.pending.removeAll()
    }
  }

  /// During delivery, keeps `change` to make after every observer has been
  /// told and returns `true`; otherwise returns `false` without running it,
  /// and the caller makes its change now. A mutating method starts with
  /// `if DeliveryWave.postpone({ self.method(args) }) { return }`.
  package static func postpone(_ change: @escaping () -> Void) -> Bool {
    guard let wave = current, wave.depth > 0 else { return false }
    wave.pending.append(change)
    return true
  }
}
