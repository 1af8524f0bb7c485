import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Deterministic JSON text for values: sorted object keys, JavaScript number rendering (`2` for
/// integral doubles, `99.5`, `1e-7`), dates as ISO strings. A facade over the engine's writer.
public enum JSONText {
  /// Encodes `value`; `pretty` uses two-space indentation like `JSON.stringify(v, null, 2)`.
  public static func encode(_ value: MessagevisorValue, pretty: Bool = false) -> String {
    JSONWriter.write(value, pretty: pretty)
  }

  /// JavaScript `String(number)` (`NaN`, `Infinity` and `-Infinity` for non-finite numbers,
  /// which JSON encodes as `null`).
  public static func number(_ double: Double) -> String {
    JavaScriptNumber.string(double)
  }

  /// A JSON string literal.
  public static func quote(_ text: String) -> String {
    var output = ""
    JSONWriter.writeString(text, into: &output)
    return output
  }
}
