#if canImport(SwiftUI)
  import DataSourceGraphSections
  import DataSourceGraphNodes
  public import SwiftUI

  /// Shows a placeholder over a view while a ``DataSourceModel`` has no
  /// content to show: a spinner while it loads, a message when it is empty,
  /// the error and a Retry button (which calls
  /// ``DataSourceModel/reload()``) when its load failed.
  ///
  /// In every state with content (content, refreshing, a kept failure,
  /// partial) and before any load (initial), it shows nothing over the view.
  /// Apply it with ``SwiftUI/View/contentStatePlaceholder(for:emptyMessage:)``.
  ///
  /// Compiled only where SwiftUI exists (Apple platforms).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  public struct ContentStatePlaceholder<SectionID: Hashable, Item: Identifiable & Equatable>:
    ViewModifier
  {
    /// The model whose state is shown.
    public let model: DataSourceModel<SectionID, Item>
    /// The text shown when the model is empty.
    public let emptyMessage: LocalizedStringKey

    /// A placeholder for the state of `model`.
    public init(model: DataSourceModel<SectionID, Item>, emptyMessage: LocalizedStringKey) {
      self.model = model
      self.emptyMessage = emptyMessage
    }

    /// `content` with the placeholder of the model's state over it. Reads
    /// only the model's ``DataSourceModel/state``, so a change of the
    /// content alone does not invalidate it.
    public func body(content: Content) -> some View {
      content.overlay {
        switch StatePlaceholder(model.state) {
        case .progress:
          ProgressView()
        case .emptyMessage:
          Text(emptyMessage)
        case .error(let description):
          VStack {
            Text(description)
            Button("Retry") { model.reload() }
          }
        case .none:
          EmptyView()
        }
      }
    }
  }

  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  extension View {
    /// Shows a placeholder over this view while `model` has no content: a
    /// spinner while it loads, `emptyMessage` when it is empty, the error
    /// and a Retry button when its load failed (see
    /// ``ContentStatePlaceholder``).
    ///
    /// ```swift
    /// List { DataSourceSections(model) { Text($0.title) } }
    ///   .contentStatePlaceholder(for: model)
    ///   .refreshable { await model.refresh() }
    /// ```
    ///
    /// Compiled only where SwiftUI exists (Apple platforms).
    @MainActor
    public func contentStatePlaceholder<SectionID: Hashable, Item: Identifiable & Equatable>(
      for model: DataSourceModel<SectionID, Item>,
      emptyMessage: LocalizedStringKey = "Nothing to show"
    ) -> some View {
      modifier(ContentStatePlaceholder(model: model, emptyMessage: emptyMessage))
    }
  }
#endif
