import Foundation
import Messagevisor
import MessagevisorProject

/// What the project says about a message beyond its datafile: its file and its examples.
public struct MessageNotes: Sendable, Equatable {
  /// The message file, relative to the project root when possible.
  public var file: String?
  /// The examples, matrices expanded (at most ``maximumExamples``).
  public var examples: [MessageExample]

  /// The most examples kept per message (a matrix can expand to thousands).
  public static let maximumExamples = 50

  /// Creates notes.
  public init(file: String? = nil, examples: [MessageExample] = []) {
    self.file = file
    self.examples = examples
  }

  /// Notes for every message of a project, by key.
  public static func of(_ project: Project) -> [String: MessageNotes] {
    var notes: [String: MessageNotes] = [:]
    let root = project.rootPath.hasSuffix("/") ? project.rootPath : project.rootPath + "/"
    for (key, message) in project.messages {
      var examples: [MessageExample] = []
      outer: for node in message.examples {
        for expanded in MatrixExpansion.expand(node) {
          guard examples.count < maximumExamples else { break outer }
          examples.append(example(expanded.node))
        }
      }
      let file =
        message.file.hasPrefix(root) ? String(message.file.dropFirst(root.count)) : message.file
      notes[key] = MessageNotes(file: file, examples: examples)
    }
    return notes
  }

  static func example(_ node: YAMLNode) -> MessageExample {
    MessageExample(
      description: node["description"]?.value.stringValue,
      locale: node["locale"]?.value.stringValue,
      values: MessagevisorValues(node["values"]?.value.objectValue ?? [:]),
      context: node["context"]?.value.objectValue ?? [:])
  }
}
