package import DataSourceGraphSections

// Every combinator takes part in the wave's stabilization through its
// `NodeOutput`: its height, and the nodes that read it.

extension FilteredDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension FlattenedDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension MappedDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension NonEmptySectionsDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension SortedDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension SwitchableDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension SegmentedDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension CompositeDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension FallbackDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}

extension SplicedDataSource: GraphNode {
  package var propagationHeight: Int { output.propagationHeight }
  package func addDependent(_ node: any PropagationNode, handler: Any) -> ObservationToken {
    output.addDependent(node, handler: handler)
  }
}
