import Foundation

/// Runs a blocking ``CurlTransfer`` on a dedicated thread, so that no thread of Swift's cooperative
/// pool waits on the network, and cancels it when the calling task is cancelled (the transfer's
/// callbacks notice within about a second, usually at once).
enum CurlRunner {
  static func run(_ request: CurlRequest) async -> Result<CurlResponse, CurlFailure> {
    let control = CurlControl()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let thread = Thread {
          continuation.resume(returning: CurlTransfer.perform(request, control: control))
        }
        thread.name = "ReRune HTTP"
        thread.stackSize = 1 << 20
        thread.start()
      }
    } onCancel: {
      control.cancel()
    }
  }
}
