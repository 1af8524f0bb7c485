import Foundation
import Messagevisor

/// Parses the context editor's `key=value` line; the value is JSON, or a bare word taken as a string.
public enum ContextEditorParser {
  /// A parsed assignment.
  public struct Assignment: Sendable, Equatable {
    /// The context key.
    public var key: String
    /// The value.
    public var value: MessagevisorValue
  }

  /// Why a line was rejected.
  public struct ParseError: Error, Sendable, Equatable {
    /// What to fix.
    public var message: String
  }

  /// Parses `key=value`. Examples: `plan=pro`, `beta=true`, `seats=3`, `name="Ada Lovelace"`,
  /// `tags=["a","b"]`. `seats=` and `seats=null` give `.null`: unset the key.
  public static func parse(_ line: String) -> Result<Assignment, ParseError> {
    guard let equals = line.firstIndex(of: "=") else {
      return .failure(ParseError(message: "type key=value, e.g. plan=pro or beta=true"))
    }
    let key = line[..<equals].trimmingCharacters(in: .whitespaces)
    let raw = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty else {
      return .failure(ParseError(message: "the key before '=' is empty"))
    }
    // `key=` (like `key=null`) unsets the key; `key=""` sets an empty string.
    guard !raw.isEmpty else { return .success(Assignment(key: key, value: .null)) }
    if let data = raw.data(using: .utf8),
      let value = try? JSONDecoder().decode(MessagevisorValue.self, from: data)
    {
      return .success(Assignment(key: key, value: value))
    }
    let bare = raw.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_.:/".unicodeScalars.contains($0)
    }
    if bare { return .success(Assignment(key: key, value: .string(raw))) }
    return .failure(
      ParseError(message: "\(raw) is not JSON: quote strings (\"…\"), or use true, 3, [..], {..}"))
  }
}
