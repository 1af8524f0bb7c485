import Foundation
import Messagevisor
import MessagevisorProject

/// Collects a project's context attributes: types and enum values from `attributes/`, the values
/// segments' and overrides' conditions compare with, and the feature flags they test.
public enum ContextAttributeScanner {
  /// The most values kept per attribute.
  public static let maxValues = 32

  /// The attributes of `project`, declared ones in name order, then flags in name order.
  public static func scan(_ project: Project) -> [ContextAttribute] {
    var compared: [String: [MessagevisorValue]] = [:]
    var flags: Set<String> = []
    func visit(_ value: MessagevisorValue, depth: Int = 0) {
      guard depth < 64 else { return }
      switch value {
      case .array(let items): for item in items { visit(item, depth: depth + 1) }
      case .object(let object):
        if let feature = object["feature"]?.stringValue { flags.insert(feature) }
        if let attribute = object["attribute"]?.stringValue {
          let op = object["operator"]?.stringValue ?? ""
          for candidate in candidates(op, object["value"]) {
            if !(compared[attribute]?.contains(candidate) ?? false) {
              compared[attribute, default: []].append(candidate)
            }
          }
        }
        for (key, inner) in object where ["and", "or", "not", "conditions"].contains(key) {
          visit(inner, depth: depth + 1)
        }
      default: break
      }
    }
    for segment in project.segments.values.sorted(by: { $0.key < $1.key }) {
      visit(segment.conditions)
    }
    // Only messages with overrides are sorted (live editing scans the project after every edit;
    // sorting 10,000 messages for the few hundred with overrides was most of the scan).
    let overridden = project.messages.values.filter { !$0.overrides.isEmpty }
    for message in overridden.sorted(by: { $0.key < $1.key }) {
      for override in message.overrides {
        if let conditions = override.conditions { visit(conditions) }
      }
    }
    var result: [ContextAttribute] = []
    for key in project.attributes.keys.sorted() {
      guard let attribute = project.attributes[key], !attribute.archived else { continue }
      var values = enumValues(project, attribute)
      let isEnum = !values.isEmpty
      if values.isEmpty { values = compared[key] ?? [] }
      if values.isEmpty && attribute.type == "object" { values = objectValues(key, compared) }
      if attribute.type == "boolean" { values = [true, false] }
      result.append(
        ContextAttribute(
          name: key, type: attribute.type, values: Array(values.prefix(maxValues)),
          isEnum: isEnum))
    }
    for flag in flags.sorted() where !result.contains(where: { $0.name == flag }) {
      result.append(ContextAttribute(name: flag, type: "boolean", values: [], source: .flag))
    }
    return result
  }

  /// The context a session starts from: each attribute's first enum value, flags off, then the
  /// target's build-time context over it.
  public static func defaultContext(
    _ attributes: [ContextAttribute], target: ProjectTarget?
  ) -> MessagevisorContext {
    var context: MessagevisorContext = [:]
    for attribute in attributes {
      if attribute.isBoolean {
        context[attribute.name] = false
      } else if attribute.isEnum, let first = attribute.values.first {
        context[attribute.name] = first
      }
    }
    for (key, value) in target?.context ?? [:] { context[key] = value }
    return context
  }

  /// The values worth trying for one condition: the compared value (each member of `in` lists),
  /// its neighbours for numeric comparisons, and a one-item list for `includes`.
  static func candidates(_ op: String, _ value: MessagevisorValue?) -> [MessagevisorValue] {
    guard let value else { return [] }
    switch op {
    case "in", "notIn":
      return value.arrayValue ?? [value]
    case "includes", "notIncludes":
      return [.array([value])]
    case "greaterThan", "greaterThanOrEquals", "lessThan", "lessThanOrEquals":
      if case .int(let n) = value { return [.int(n - 1), .int(n), .int(n + 1)] }
      return [value]
    case "exists", "notExists":
      return []
    default:
      return [value]
    }
  }

  /// The values of an object attribute that conditions compare by path (`account.country`
  /// equals `NL` → `{country: NL}`), in path order.
  static func objectValues(_ key: String, _ compared: [String: [MessagevisorValue]])
    -> [MessagevisorValue]
  {
    var values: [MessagevisorValue] = []
    for path in compared.keys.filter({ $0.hasPrefix(key + ".") }).sorted() {
      let components = path.dropFirst(key.count + 1).split(separator: ".").map(String.init)
      guard !components.isEmpty else { continue }
      for value in compared[path] ?? [] {
        let nested = components.reversed().reduce(value) { inner, name in .object([name: inner]) }
        if !values.contains(nested) { values.append(nested) }
      }
    }
    return values
  }

  /// The `enum:` list of an attribute file (read with the project's YAML reader).
  static func enumValues(_ project: Project, _ attribute: ProjectAttribute) -> [MessagevisorValue] {
    let path =
      attribute.file.hasPrefix("/")
      ? attribute.file : (project.rootPath as NSString).appendingPathComponent(attribute.file)
    guard let node = try? YAMLParser().parseFile(at: path), let items = node["enum"]?.items else {
      return []
    }
    return items.compactMap(\.scalar)
  }
}
