import Foundation
import Messagevisor
import MessagevisorProject

/// Loads a Messagevisor project and builds one datafile per locale for a target.
public enum ProjectDatafiles {
  /// The built datafiles and the project facts the previewer uses.
  public struct Result: Sendable {
    /// Datafiles by locale.
    public var datafiles: [String: DatafileContent]
    /// The target's locales in the project's order.
    public var locales: [String]
    /// The project's source locale (config `sourceLocale`, else `en-US` when present, else the
    /// first locale).
    public var sourceLocale: String
  }

  /// Why a project could not be used: the file and what to fix.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String
  }

  /// Loads `path` and builds `target` for each of its locales.
  public static func load(path: String, target: String) throws(Failure) -> Result {
    let project: Project
    do {
      project = try ProjectLoader().load(path: path)
    } catch {
      throw Failure(description: "cannot load the project at \(path): \(error)")
    }
    let builder = DatafileBuilder(project: project, evaluatePredicate: evaluatePredicate)
    let targetDefinition: ProjectTarget
    do {
      targetDefinition = try builder.target(target)
    } catch {
      throw Failure(description: "\(path): \(error)")
    }
    var datafiles: [String: DatafileContent] = [:]
    for locale in builder.locales(of: targetDefinition) {
      do {
        let value = try builder.build(target: target, locale: locale)
        let data = try JSONEncoder().encode(value)
        datafiles[locale] = try DatafileContent.fromData(data)
      } catch {
        throw Failure(description: "\(path): building target \(target) for \(locale): \(error)")
      }
    }
    let locales = datafiles.keys.sorted()
    let source =
      project.config.sourceLocale
      ?? (locales.contains("en-US") ? "en-US" : locales.first ?? "en-US")
    return Result(
      datafiles: datafiles, locales: builder.locales(of: targetDefinition), sourceLocale: source)
  }

  /// Decides one attribute predicate at build time with the engine's own condition evaluator.
  static let evaluatePredicate: ConditionSpecializer.PredicateEvaluator = { predicate, context in
    let condition: Condition
    if case .string(let text) = predicate {
      condition = text == "*" ? .all : .string(text)
    } else if let data = try? JSONEncoder().encode(predicate),
      let text = String(data: data, encoding: .utf8)
    {
      condition = .string(text)
    } else {
      return false
    }
    return evaluateCondition(
      condition, provider: MessagevisorEvaluationDataProvider(context: context))
  }
}
