#if canImport(SwiftUI)
  import DataSourceGraphSections
  public import SwiftUI

  /// The sections of a ``DataSourceModel`` as SwiftUI `Section`s, each with
  /// its header and footer titles, for a `List` or a `Form`:
  ///
  /// ```swift
  /// List {
  ///   DataSourceSections(model) { song in Text(song.title) }
  /// }
  /// ```
  ///
  /// Sections are identified by their section identity and rows by their
  /// item identity, so SwiftUI can animate each change as moves, inserts
  /// and deletes of the rows that changed: make the change inside
  /// `withAnimation`, or add `.animation(_:value: model.changeCount)`.
  ///
  /// Compiled only where SwiftUI exists (Apple platforms).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  @MainActor
  public struct DataSourceSections<SectionID: Hashable, Item: Identifiable & Equatable, Row: View>:
    View
  {
    /// The model whose sections are shown.
    public let model: DataSourceModel<SectionID, Item>
    /// The view of one item.
    public let row: (Item) -> Row

    /// Shows the sections of `model`, each item as `row` draws it.
    public init(
      _ model: DataSourceModel<SectionID, Item>, @ViewBuilder row: @escaping (Item) -> Row
    ) {
      self.model = model
      self.row = row
    }

    /// One `Section` per section of the model, with a `Text` header and
    /// footer where the section has titles.
    public var body: some View {
      ForEach(model.sections) { section in
        Section {
          ForEach(section.items) { item in row(item) }
        } header: {
          if let header = section.header { Text(header) }
        } footer: {
          if let footer = section.footer { Text(footer) }
        }
      }
    }
  }
#endif
