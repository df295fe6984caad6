extension SnapshotChange: CustomStringConvertible, CustomDebugStringConvertible {
  /// The batch's ``ChangeBatch/description``, or for a reload
  /// `"reload all: 2 sections, 4 items"` (the new snapshot's
  /// ``Snapshot/description``).
  public var description: String {
    switch self {
    case .batch(let batch): batch.description
    case .reloadAll(let snapshot): "reload all: \(snapshot)"
    }
  }

  /// The batch's ``ChangeBatch/debugDescription``, or for a reload
  /// `"reloadAll(Snapshot(…))"` around the new snapshot's
  /// ``Snapshot/debugDescription``.
  public var debugDescription: String {
    switch self {
    case .batch(let batch): batch.debugDescription
    case .reloadAll(let snapshot): "reloadAll(\(snapshot.debugDescription))"
    }
  }
}
