#if canImport(Combine)
  import Combine
  import Foundation

  /// A publisher's values as an asynchronous sequence that keeps only the
  /// newest value not yet taken: what `MutableDataSource.follow(_:)` follows.
  ///
  /// Combine's own `values` asks for one value at a time, and a subject
  /// (`PassthroughSubject`, `@Published`) drops what it sends while no
  /// value is asked for: a snapshot sent while the leaf applies the one
  /// before would be lost, and the leaf would show old content. This
  /// sequence asks for every value and keeps the newest: each value is
  /// whole content, so an older one not yet taken has nothing the newer
  /// one lacks.
  ///
  /// `@unchecked Sendable`: the publisher is subscribed once, by the
  /// iterator, in the task that iterates; Combine's publishers may be
  /// subscribed from any thread.
  struct LatestValues<Upstream: Publisher>: AsyncSequence, @unchecked Sendable
  where Upstream.Output: Sendable {
    typealias Element = Upstream.Output

    let upstream: Upstream

    func makeAsyncIterator() -> Iterator { Iterator(box: Box(upstream)) }

    /// Takes the newest value; ends when the publisher finishes (after its
    /// last value), throws its failure, and cancels the subscription when
    /// the task is cancelled or the iterator released.
    struct Iterator: AsyncIteratorProtocol {
      let box: Box
      func next() async throws -> Element? { try await box.next() }
    }

    /// The subscription and the value waiting, under a lock: Combine sends
    /// on any thread.
    final class Box: @unchecked Sendable {
      private let lock = NSLock()
      private var latest: Element?
      private var completion: Subscribers.Completion<Upstream.Failure>?
      private var waiter: CheckedContinuation<Element?, any Error>?
      private var subscription: AnyCancellable?
      private var cancelled = false

      init(_ upstream: Upstream) {
        let subscription = upstream.sink(
          receiveCompletion: { [weak self] in self?.receive(completion: $0) },
          receiveValue: { [weak self] in self?.receive($0) })
        lock.withLock {
          if cancelled { subscription.cancel() } else { self.subscription = subscription }
        }
      }

      deinit { subscription?.cancel() }

      private func receive(_ value: Element) {
        let waiter: CheckedContinuation<Element?, any Error>? = lock.withLock {
          guard let waiter = self.waiter else {
            latest = value
            return nil
          }
          self.waiter = nil
          return waiter
        }
        waiter?.resume(returning: value)
      }

      private func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        let waiter: CheckedContinuation<Element?, any Error>? = lock.withLock {
          self.completion = completion
          defer { self.waiter = nil }
          return self.waiter
        }
        switch completion {
        case .finished: waiter?.resume(returning: nil)
        case .failure(let error): waiter?.resume(throwing: error)
        }
      }

      func next() async throws -> Element? {
        try await withTaskCancellationHandler {
          try await withCheckedThrowingContinuation { continuation in
            // What the iterator gets at once, if anything; else it waits.
            let ready: Result<Element?, any Error>? = lock.withLock {
              if cancelled { return .success(nil) }
              if let value = latest {
                latest = nil
                return .success(value)
              }
              switch completion {
              case .finished: return .success(nil)
              case .failure(let error): return .failure(error)
              case nil:
                waiter = continuation
                return nil
              }
            }
            if let ready { continuation.resume(with: ready) }
          }
        } onCancel: {
          cancel()
        }
      }

      private func cancel() {
        let (waiter, subscription) = lock.withLock {
          cancelled = true
          defer {
            self.waiter = nil
            self.subscription = nil
          }
          return (self.waiter, self.subscription)
        }
        subscription?.cancel()
        waiter?.resume(returning: nil)
      }
    }
  }
#endif
