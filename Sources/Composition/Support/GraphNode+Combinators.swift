import DataSourceGraphNodes
import DataSourceGraphSections

/// A combinator: it takes part in the wave's stabilization through its
/// `NodeOutput`, which holds its height, its observers and its state.
///
/// Conforming says it once for every combinator: the node's height, the
/// nodes that read it, its state and its observers all come from `output`.
protocol CombinatorNode: GraphNode {
  /// The observers, the state and the place in the graph of the node.
  var output: NodeOutput<SectionID, Item> { get }
}

extension CombinatorNode {
  package var propagationHeight: Int { output.propagationHeight }

  /// `false` unless the combinator says otherwise: it may repeat what
  /// its inputs show, or make identities of its own.
  package var showsUniqueIdentities: Bool { false }

  package func addDependent(
    _ node: any PropagationNode,
    handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void
  ) -> ObservationToken {
    output.observers.addDependent(node, handler)
  }

  /// The node's state, as last published.
  ///
  /// - Complexity: O(1).
  public var contentState: ContentState { output.state }

  /// Starts telling `handler` about every change (see `DataSource`).
  ///
  /// - Complexity: O(1).
  public func observe(_ handler: @escaping (DataSourceEvent<SectionID, Item>) -> Void)
    -> ObservationToken
  {
    output.observers.add(handler)
  }
}

extension CompositeDataSource: CombinatorNode {
  /// It hides repeated items; its section identities pair each child's
  /// key with the child's own, unique when every child's are.
  package var showsUniqueIdentities: Bool {
    childNodes.allSatisfy { $0.hasUniqueIdentities }
  }
}
extension SplicedDataSource: CombinatorNode {}
extension FallbackDataSource: CombinatorNode {}
extension SegmentedDataSource: CombinatorNode {}
