@_spi(MessagevisorModules) import Messagevisor

/// How a simple `{name}` argument renders a value as text.
///
/// - strings as is; `null` as the empty string; booleans as `true`/`false`;
/// - integers as their digits;
/// - doubles as JavaScript's `String(n)` does: integral values without a fraction (`2.0` → `2`),
///   other values in the shortest form that reads back as the same double (`0.1`, `1.5e-7`,
///   `1e+21`), `NaN`, `Infinity`, `-Infinity`; `-0` → `0`;
/// - dates as ISO 8601 in UTC with milliseconds (`2026-03-29T00:30:00.000Z`);
/// - arrays as their rendered elements joined with `", "`; objects as `[object]`.
public enum ICUValueText {
  /// Nested arrays deeper than this render as `[array]` (values are caller data, so bound them).
  static let maximumArrayDepth = 64

  /// The text of `value`.
  public static func render(_ value: MessagevisorValue) -> String {
    render(value, depth: 0)
  }

  /// Appends the text of `value` to `output` (a string as it is, without a copy).
  @inline(__always)
  static func append(_ value: MessagevisorValue, to output: inout ICUOutput) {
    if case .string(let text) = value {
      output.append(text)
    } else {
      output.append(render(value, depth: 0))
    }
  }

  private static func render(_ value: MessagevisorValue, depth: Int) -> String {
    switch value {
    case .string(let text): return text
    case .int(let number): return String(number)
    case .double(let number): return javaScriptString(number)
    case .bool(let flag): return flag ? "true" : "false"
    case .date(let date): return PortableDate.isoString(date)
    case .array(let elements):
      guard depth < maximumArrayDepth else { return "[array]" }
      return elements.map { render($0, depth: depth + 1) }.joined(separator: ", ")
    case .object: return "[object]"
    case .null: return ""
    }
  }

  /// ECMAScript `Number::toString(10)` for a double (`JavaScriptNumber.string(_:)`).
  public static func javaScriptString(_ number: Double) -> String {
    JavaScriptNumber.string(number)
  }
}
