#if canImport(UIKit) && !os(watchOS) || canImport(UIKitStandIn)
  /// The updates caused by one ``ListViewRenderer/perform(animated:_:completion:)``
  /// call: its completion runs once the call has returned and every batch
  /// update it caused has finished.
  @MainActor
  final class UpdateGroup {
    private var completion: (@MainActor () -> Void)?
    private var pending = 0
    private var isOpen = true

    init(completion: (@MainActor () -> Void)?) {
      self.completion = completion
    }

    /// A batch update started.
    func enter() { pending += 1 }

    /// A batch update finished.
    func leave() {
      pending -= 1
      finishIfDone()
    }

    /// The `perform` call returned.
    func close() {
      isOpen = false
      finishIfDone()
    }

    private func finishIfDone() {
      guard !isOpen, pending == 0, let completion else { return }
      self.completion = nil
      completion()
    }
  }
#endif
