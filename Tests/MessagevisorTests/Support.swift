import Foundation
import Messagevisor
@_exported import TestSupport

extension Collector where Element == MessagevisorDiagnostic {
  var codes: [String] { items.map(\.code) }
  var handler: MessagevisorDiagnosticHandler { { [self] in append($0) } }
}

extension Collector where Element == MessagevisorEvent {
  var types: [MessagevisorEventType] { items.map(\.type) }
}

/// A small datafile builder used across tests.
func makeDatafile(
  locale: String = "en", revision: String = "1", direction: String? = nil,
  translations: [String: String] = [:], messages: [String: DatafileMessage] = [:],
  segments: [String: Segment] = [:], formats: FormatPresets? = nil
) -> DatafileContent {
  DatafileContent(
    messagevisorVersion: "test", revision: revision, target: "web", locale: locale,
    direction: direction, formats: formats, segments: segments, messages: messages,
    translations: translations)
}

/// `../shared` next to the package root, or `nil` when absent.
func sharedDirectory() -> URL? {
  var url = URL(fileURLWithPath: #filePath)
  while url.path != "/" {
    url.deleteLastPathComponent()
    if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
      let shared = url.deletingLastPathComponent().appendingPathComponent("shared")
      return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }
  }
  return nil
}

/// Parses JSON text in tests (fixtures), failing loudly on bad input.
func jsonValue(_ data: Data) throws -> MessagevisorValue {
  try JSONDecoder().decode(MessagevisorValue.self, from: data)
}

extension MessagevisorValue {
  subscript(key: String) -> MessagevisorValue? { objectValue?[key] }

  /// The value as JSON text (for feeding fixture fragments into `setDatafile(String)` etc.).
  var jsonText: String {
    let data = (try? JSONEncoder().encode(self)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
