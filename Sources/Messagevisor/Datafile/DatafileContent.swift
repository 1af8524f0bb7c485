import Foundation

/// One target×locale datafile: translations, message metadata with conditional overrides, segments
/// and format presets (schema version `"1"`).
public struct DatafileContent: Sendable, Equatable {
  /// The schema version; only `"1"` is valid.
  public var schemaVersion: String
  /// The Messagevisor CLI version that built the datafile (may be empty).
  public var messagevisorVersion: String
  /// The build revision (may be empty).
  public var revision: String
  /// The target key, or `""`.
  public var target: String
  /// The locale; the storage key inside the engine. Must not be empty.
  public var locale: String
  /// `"ltr"` or `"rtl"`, when known.
  public var direction: String?
  /// Named format presets for this locale.
  public var formats: FormatPresets?
  /// Segments referenced by message overrides.
  public var segments: [String: Segment]
  /// Message metadata (deprecation, meta, overrides) by message key.
  ///
  /// As ``translations``: a datafile that a project build made keeps them in a table shared with
  /// the build's other locales; reading this property then makes a dictionary of them.
  public var messages: [String: DatafileMessage] {
    get { messageTable.dictionary }
    set { messageTable = DatafileMessages(newValue) }
    _modify {
      var dictionary = messageTable.takeDictionary()
      defer { messageTable = DatafileMessages(dictionary) }
      yield &dictionary
    }
  }

  /// The message metadata as stored: a dictionary, or a table of keys shared between locales.
  package var messageTable: DatafileMessages
  /// Base translations by message key. An empty string is a valid translation.
  ///
  /// A datafile that a project build made keeps its translations in a table shared with the
  /// build's other locales (see `DatafileTranslations`); reading this property then makes a
  /// dictionary of them, changing it turns the datafile's storage into that dictionary.
  public var translations: [String: String] {
    get { translationTable.dictionary }
    set { translationTable = DatafileTranslations(newValue) }
    _modify {
      var dictionary = translationTable.takeDictionary()
      defer { translationTable = DatafileTranslations(dictionary) }
      yield &dictionary
    }
  }

  /// The translations as stored: a dictionary, or a table of keys shared between locales.
  package var translationTable: DatafileTranslations

  /// Whether the datafile has a translation or message metadata for `key`.
  package func hasEntry(forKey key: String) -> Bool {
    translationTable.hasValue(forKey: key) || messageTable.hasValue(forKey: key)
  }

  /// Adds the key of every translation and every message's metadata to `keys`.
  package func insertEntryKeys(into keys: inout Set<String>) {
    translationTable.insertKeys(into: &keys)
    messageTable.insertKeys(into: &keys)
  }

  /// Creates a datafile.
  public init(
    schemaVersion: String = "1",
    messagevisorVersion: String,
    revision: String = "",
    target: String,
    locale: String,
    direction: String? = nil,
    formats: FormatPresets? = nil,
    segments: [String: Segment] = [:],
    messages: [String: DatafileMessage] = [:],
    translations: [String: String] = [:]
  ) {
    self.schemaVersion = schemaVersion
    self.messagevisorVersion = messagevisorVersion
    self.revision = revision
    self.target = target
    self.locale = locale
    self.direction = direction
    self.formats = formats
    self.segments = segments
    messageTable = DatafileMessages(messages)
    translationTable = DatafileTranslations(translations)
  }

  /// A datafile whose translations are `translations` as stored (a table keeps its shared keys).
  package init(
    schemaVersion: String = "1", messagevisorVersion: String, revision: String = "",
    target: String, locale: String, direction: String? = nil, formats: FormatPresets? = nil,
    segments: [String: Segment] = [:], messages: [String: DatafileMessage] = [:],
    translationTable: DatafileTranslations
  ) {
    self.init(
      schemaVersion: schemaVersion, messagevisorVersion: messagevisorVersion, revision: revision,
      target: target, locale: locale, direction: direction, formats: formats,
      segments: segments, messages: messages)
    self.translationTable = translationTable
  }
}

extension DatafileContent {
  /// Parses and validates a datafile from JSON text.
  /// - Throws: ``DatafileError`` naming the offending JSON path (and line/column for syntax errors).
  public static func fromJSON(_ json: String) throws -> DatafileContent {
    try DatafileReader.read(JSONParser.parse(json))
  }

  /// Parses and validates a datafile from UTF-8 JSON data.
  /// - Throws: ``DatafileError`` naming the offending JSON path (and line/column for syntax errors).
  public static func fromData(_ data: Data) throws -> DatafileContent {
    try DatafileReader.read(JSONParser.parse(data))
  }

  /// Serialises the datafile as JSON with sorted keys; `pretty` adds newlines and two-space indents.
  public func toJSON(pretty: Bool = false) throws -> String {
    JSONWriter.write(DatafileWriter.value(of: self), pretty: pretty)
  }
}

extension DatafileContent: Codable {
  /// Decodes the datafile JSON shape (stringified conditions are kept as strings).
  public init(from decoder: any Decoder) throws {
    let value = try MessagevisorValue(from: decoder)
    self = try DatafileReader.read(value)
  }

  /// Encodes the datafile JSON shape.
  public func encode(to encoder: any Encoder) throws {
    try DatafileWriter.value(of: self).encode(to: encoder)
  }
}
