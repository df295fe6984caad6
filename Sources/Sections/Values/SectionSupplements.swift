/// A section's header and footer: a title each and, for a header or footer
/// view that shows more than a title, a value each (an unread count, a
/// date, a struct the view renders).
///
/// A ``SnapshotSection`` holds its supplements beside its items; a node
/// gives them with `DataSource.supplements(ofSection:)`; a batch carries the
/// new ones of a section whose header or footer changed
/// (``ChangeBatch/SectionUpdate``). The values are compared as
/// `AnyHashable`, so values of different types are different.
///
/// ```swift
/// struct InboxHeader: Hashable, Sendable { var unread: Int }
/// let inbox = SectionSupplements(header: "Inbox", headerValue: InboxHeader(unread: 3))
/// inbox == SectionSupplements(header: "Inbox")  // false: the values differ
/// ```
public struct SectionSupplements: Hashable, Sendable {
  /// The title shown above the section, if any.
  public var header: String?
  /// The title shown below the section, if any.
  public var footer: String?
  /// A value the header view shows besides its title, if any.
  public var headerValue: (any Hashable & Sendable)?
  /// A value the footer view shows besides its title, if any.
  public var footerValue: (any Hashable & Sendable)?

  /// Creates a section's supplements; all absent by default.
  ///
  /// - Parameters:
  ///   - header: The title shown above the section.
  ///   - footer: The title shown below the section.
  ///   - headerValue: A value the header view shows besides its title.
  ///   - footerValue: A value the footer view shows besides its title.
  @inlinable
  public init(
    header: String? = nil, footer: String? = nil,
    headerValue: (any Hashable & Sendable)? = nil, footerValue: (any Hashable & Sendable)? = nil
  ) {
    self.header = header
    self.footer = footer
    self.headerValue = headerValue
    self.footerValue = footerValue
  }

  /// Two sections' supplements are equal when their titles are equal and
  /// their values are both absent or equal as `AnyHashable`.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.header == rhs.header && lhs.footer == rhs.footer
      && equalValues(lhs.headerValue, rhs.headerValue)
      && equalValues(lhs.footerValue, rhs.footerValue)
  }

  /// Hashes the titles and the values (as `AnyHashable`).
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(header)
    hasher.combine(footer)
    hasher.combine(headerValue.map { AnyHashable($0) })
    hasher.combine(footerValue.map { AnyHashable($0) })
  }

  /// Whether two values are equal: both absent, or equal as `AnyHashable`.
  @inlinable
  static func equalValues(_ lhs: (any Hashable & Sendable)?, _ rhs: (any Hashable & Sendable)?)
    -> Bool
  {
    switch (lhs, rhs) {
    case (nil, nil): true
    case (let lhs?, let rhs?): AnyHashable(lhs) == AnyHashable(rhs)
    default: false
    }
  }
}

extension SectionSupplements {
  /// A section whose header or footer changed, in a batch: its index in the
  /// old snapshot (`from`), in the new one (`to`), and its new
  /// ``supplements`` (``ChangeBatch/SectionUpdate`` names it).
  ///
  /// It does not depend on a batch's types, so a combinator passes a
  /// child's section update into its own batch as it is, at other indices
  /// (``moved(from:to:)``).
  public struct Update: Hashable, Sendable {
    /// The index in the old snapshot.
    public var from: Int
    /// The index in the new snapshot.
    public var to: Int
    /// The section's new header and footer.
    public var supplements: SectionSupplements

    /// Creates a section update.
    ///
    /// - Parameters:
    ///   - from: The index in the old snapshot.
    ///   - to: The index in the new snapshot.
    ///   - supplements: The new header and footer.
    @inlinable
    public init(from: Int, to: Int, supplements: SectionSupplements) {
      self.from = from
      self.to = to
      self.supplements = supplements
    }

    /// Creates a section update from the new titles and values.
    ///
    /// - Parameters:
    ///   - from: The index in the old snapshot.
    ///   - to: The index in the new snapshot.
    ///   - header: The new header title.
    ///   - footer: The new footer title.
    ///   - headerValue: The new header value.
    ///   - footerValue: The new footer value.
    @inlinable
    public init(
      from: Int, to: Int, header: String?, footer: String?,
      headerValue: (any Hashable & Sendable)? = nil, footerValue: (any Hashable & Sendable)? = nil
    ) {
      self.init(
        from: from, to: to,
        supplements: SectionSupplements(
          header: header, footer: footer, headerValue: headerValue, footerValue: footerValue))
    }

    /// Creates the update of a section whose header and footer became those
    /// of `section`.
    ///
    /// - Parameters:
    ///   - from: The index in the old snapshot.
    ///   - to: The index in the new snapshot.
    ///   - section: The section with its new header and footer (its items
    ///     are not read).
    @inlinable
    public init<ID, SomeItem>(
      from: Int, to: Int, supplementsOf section: SnapshotSection<ID, SomeItem>
    ) {
      self.init(from: from, to: to, supplements: section.supplements)
    }

    /// The new header title.
    @inlinable
    public var header: String? {
      get { supplements.header }
      set { supplements.header = newValue }
    }
    /// The new footer title.
    @inlinable
    public var footer: String? {
      get { supplements.footer }
      set { supplements.footer = newValue }
    }
    /// The new header value (`SnapshotSection.headerValue`).
    @inlinable
    public var headerValue: (any Hashable & Sendable)? {
      get { supplements.headerValue }
      set { supplements.headerValue = newValue }
    }
    /// The new footer value (`SnapshotSection.footerValue`).
    @inlinable
    public var footerValue: (any Hashable & Sendable)? {
      get { supplements.footerValue }
      set { supplements.footerValue = newValue }
    }

    /// This update at other indices (a combinator passing a section update
    /// on, whatever its batch's types).
    ///
    /// - Parameters:
    ///   - from: The index in the old snapshot.
    ///   - to: The index in the new snapshot.
    /// - Returns: An update with the same header and footer.
    @inlinable
    public func moved(from: Int, to: Int) -> Self {
      Self(from: from, to: to, supplements: supplements)
    }
  }
}
