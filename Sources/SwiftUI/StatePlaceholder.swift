package import DataSourceGraphSections

/// What `ContentStatePlaceholder` shows over a view for a content state:
/// the decision, apart from the SwiftUI views that show it, so that it is
/// compiled and tested on every platform.
///
/// Only the states without content get a placeholder; every state with
/// content (content, refreshing, a kept failure, partial) and the state
/// before any load (initial) get none, so the content stays visible.
package enum StatePlaceholder: Equatable, Sendable {
  /// Nothing over the view.
  case none
  /// A spinner: the first load is under way.
  case progress
  /// The empty message: everything loaded and there is nothing.
  case emptyMessage
  /// The error, described, and a Retry button: the load failed and there is
  /// nothing.
  case error(String)

  /// What to show for `state`.
  ///
  /// - Complexity: O(1), plus the error's description.
  package init(_ state: ContentState) {
    switch state {
    case .loading: self = .progress
    case .empty: self = .emptyMessage
    case .error(let error): self = .error(String(describing: error))
    case .initial, .content, .refreshing, .contentWithFailure, .partial: self = .none
    }
  }
}
