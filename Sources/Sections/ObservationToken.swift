/// A registration of an observer with a data source. The observation ends
/// when you call ``cancel()`` or when the token is released, whichever comes
/// first.
///
/// Keep the token for as long as you want to be told of changes:
///
/// ```swift
/// let observation = source.observe { event in render(event) }
/// // …
/// observation.cancel()  // or let it go out of scope
/// ```
///
/// A source never keeps its observers alive: it holds only the handler, and
/// the handler should capture its owner weakly if the owner also holds the
/// token.
public final class ObservationToken {
  private var onCancel: (() -> Void)?

  /// Creates a token that runs `onCancel` once, when cancelled or released.
  public init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Whether the observation has ended.
  public var isCancelled: Bool { onCancel == nil }

  /// Ends the observation. Calling it again does nothing.
  public func cancel() {
    let body = onCancel
    onCancel = nil
    body?()
  }

  deinit { onCancel?() }
}
