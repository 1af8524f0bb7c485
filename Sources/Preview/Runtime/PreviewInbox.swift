import Foundation

/// A thread-safe queue of messages: engine listeners, the OTA client and check tasks post here
/// from any thread; the loop drains it on its own thread.
public final class PreviewInbox: Sendable {
  private let queue = Locked<[PreviewMessage]>([])

  /// Creates an empty inbox.
  public init() {}

  /// Posts a message.
  public func post(_ message: PreviewMessage) {
    queue.withLock { $0.append(message) }
  }

  /// Removes and returns every queued message, oldest first.
  public func drain() -> [PreviewMessage] {
    queue.withLock { queue in
      defer { queue.removeAll(keepingCapacity: true) }
      return queue
    }
  }
}
