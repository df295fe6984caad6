import DataSourceGraphSections

extension DataSourceEvent: CustomStringConvertible, CustomDebugStringConvertible {
  /// The event on one line: `"changed: 2 items inserted at 0.3, 0.4"` (the
  /// change's `SnapshotChange.description`; `"changed: reload all: 2 sections, 4 items"`
  /// for a reload) or `"stateChanged: loading → content"` (each state's
  /// `ContentState.description`).
  public var description: String {
    switch self {
    case .changed(let change): "changed: \(change)"
    case .stateChanged(let old, let new): "stateChanged: \(old) → \(new)"
    }
  }

  /// The event with its content by identity: `"changed(ChangeBatch(…))"`
  /// around the change's `SnapshotChange.debugDescription`, or
  /// `"stateChanged(loading → error([child 1 "Recent": timeout]))"` with
  /// each state's `ContentState.debugDescription`.
  public var debugDescription: String {
    switch self {
    case .changed(let change): "changed(\(change.debugDescription))"
    case .stateChanged(let old, let new):
      "stateChanged(\(old.debugDescription) → \(new.debugDescription))"
    }
  }
}
