import Foundation
@_spi(MessagevisorModules) import Messagevisor

/// Creates the `{name}` interpolation module (spec §4.2).
///
/// Every `{name}` whose value is a string, number or boolean is replaced by the value's text
/// (integers as digits, doubles with Swift's description such as `2.0`, booleans as
/// `true`/`false`). Other placeholders stay unchanged; there is no escaping and no ICU syntax.
/// - Parameters:
///   - name: The module name (default `interpolation`).
///   - pattern: A regular expression whose capture group 1 is the value name; `nil` uses
///     `\{([A-Za-z_][A-Za-z0-9_]*)\}`. An invalid pattern leaves messages unchanged.
public func createInterpolationModule(name: String = "interpolation", pattern: String? = nil)
  -> MessagevisorModule
{
  let interpolator = Interpolator(pattern: pattern)
  var module = MessagevisorModule(
    name: name,
    format: { payload, _ in
      interpolator.interpolate(payload.translation, values: payload.values)
    })
  // The engine runs this one: the same hook without building a payload per call.
  module.borrowingFormat = { translation, values, _, _ in
    interpolator.interpolate(translation, values: values)
  }
  // With the default pattern a text without `{` has no placeholder and is its own output.
  if pattern == nil { module.literalTextSyntax = ModuleSyntax([UInt8(ascii: "{")]) }
  return module
}
