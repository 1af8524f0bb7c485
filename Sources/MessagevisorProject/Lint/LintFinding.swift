import Messagevisor

/// One problem `lint` found, in upstream's JSON shape (`level`, `filePath`, `entityType`,
/// `entityKey`, `message`, `path`, `code`) plus where it is (`line`, `column`) and the locale.
public struct LintFinding: Sendable, Equatable {
  /// How serious it is (after the config's severities).
  public var level: LintLevel
  /// The file, relative to the project root.
  public var filePath: String
  /// `message`, `locale`, `segment`, `attribute`, `target`, `test`, `screen` or `config`.
  public var entityType: String
  /// The entity's key (message key, locale, …).
  public var entityKey: String
  /// What is wrong and how to fix it.
  public var message: String
  /// The path inside the entity (`translations.nl-NL`, `overrides[0].translations.ru`).
  public var path: String
  /// The rule's code (see ``LintRule``).
  public var code: String
  /// 1-based line (0 when unknown).
  public var line: Int
  /// 1-based column (0 when unknown).
  public var column: Int
  /// The locale the finding is about, when there is one.
  public var locale: String?

  /// Creates a finding.
  public init(
    level: LintLevel, filePath: String, entityType: String, entityKey: String, message: String,
    path: String, code: String, line: Int = 0, column: Int = 0, locale: String? = nil
  ) {
    self.level = level
    self.filePath = filePath
    self.entityType = entityType
    self.entityKey = entityKey
    self.message = message
    self.path = path
    self.code = code
    self.line = line
    self.column = column
    self.locale = locale
  }

  /// The finding as upstream's JSON object plus `line`, `column` and `locale`.
  public var json: MessagevisorValue {
    var object: [String: MessagevisorValue] = [
      "level": .string(level.rawValue), "filePath": .string(filePath),
      "entityType": .string(entityType), "entityKey": .string(entityKey),
      "message": .string(message), "path": .string(path), "code": .string(code),
      "line": .int(line), "column": .int(column),
    ]
    object["locale"] = locale.map { .string($0) } ?? .null
    return .object(object)
  }
}
