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
    /// What the project says about each message (file, examples), for the message browser.
    public var notes: [String: MessageNotes] = [:]
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
    let builder = DatafileBuilder(
      project: project, evaluatePredicate: EngineBridge.evaluatePredicate)
    let targetDefinition: ProjectTarget
    do {
      targetDefinition = try builder.target(target)
    } catch {
      throw Failure(description: "\(path): \(error)")
    }
    var datafiles: [String: DatafileContent] = [:]
    for locale in builder.locales(of: targetDefinition) {
      do {
        datafiles[locale] = try builder.buildContent(target: target, locale: locale).content
      } catch {
        throw Failure(description: "\(path): building target \(target) for \(locale): \(error)")
      }
    }
    let locales = datafiles.keys.sorted()
    let source =
      project.config.sourceLocale
      ?? (locales.contains("en-US") ? "en-US" : locales.first ?? "en-US")
    return Result(
      datafiles: datafiles, locales: builder.locales(of: targetDefinition), sourceLocale: source,
      notes: MessageNotes.of(project))
  }
}
