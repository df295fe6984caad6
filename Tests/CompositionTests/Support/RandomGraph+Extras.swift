import Composition
import Sections

/// A switchable node, seen by the state oracle.
protocol SwitchableProbe {
  var probeEnabled: Bool { get }
}

extension RandomGraph {
  /// Combinators beyond composite, filter, flatten and map.
  var extraKinds: [String] { [] }

  mutating func extraNode<S: Hashable>(_ kind: String, _: S.Type, depth: Int, makeID: @escaping (Int) -> S) -> Built<S>? {
    nil
  }
}
