import Foundation
import MessagevisorSystem

/// A git checkout that commands read history from.
///
/// Git runs as a child process with an argument list (no shell, so no text from a user or a
/// repository is ever interpreted as a command), with `GIT_OPTIONAL_LOCKS=0` (reading never
/// rewrites the index) and prompts off. Nothing in the repository is written.
public struct GitRepository: Sendable {
  /// The directory git runs in (`git -C`): the project directory.
  public var directory: String

  /// A repository read from `directory` (any directory inside the checkout).
  public init(directory: String) {
    self.directory = directory
  }

  /// What a git command printed and how it exited.
  struct Result {
    var status: Int32
    var output: [UInt8]
    var error: String

    var text: String { String(decoding: output, as: UTF8.self) }
  }

  /// Runs `git -C directory ARGUMENTS`; standard input is empty.
  func run(_ arguments: [String], input: [UInt8] = []) throws(GitError) -> Result {
    let output: ChildProgram.Output
    do {
      output = try ChildProgram.run(
        ["git", "-C", directory] + arguments, input: input,
        environment: [
          "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_PAGER": "cat",
        ])
    } catch {
      throw .gitUnavailable(reason: error.reason)
    }
    return Result(
      status: output.status, output: output.standardOutput,
      error: String(decoding: output.standardError, as: UTF8.self))
  }

  /// Runs a command that must succeed.
  func succeed(_ arguments: [String], input: [UInt8] = []) throws(GitError) -> Result {
    let result = try run(arguments, input: input)
    guard result.status == 0 else {
      throw .failed(
        command: arguments.first ?? "",
        message: result.error.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return result
  }

  /// The project directory's path inside the repository (`""` at the top, else ending in `/`).
  /// - Throws: ``GitError/notACheckout(directory:)`` outside a checkout.
  public func prefix() throws(GitError) -> String {
    let result = try run(["rev-parse", "--show-prefix"])
    guard result.status == 0 else { throw .notACheckout(directory: directory) }
    return result.text.trimmingCharacters(in: .newlines)
  }

  /// The commit `ref` names.
  /// - Throws: ``GitError/shallowHistory(ref:)`` when a shallow clone lacks it,
  ///   ``GitError/noCommits`` for `HEAD` in an empty repository,
  ///   ``GitError/unknownRef(_:candidates:)`` when nothing has that name.
  public func commit(_ ref: String) throws(GitError) -> String {
    _ = try prefix()
    guard !ref.hasPrefix("-") else { throw .unknownRef(ref, candidates: try refNames()) }
    let result = try run([
      "rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}",
    ])
    if result.status == 0 { return result.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    if ref == "HEAD" { throw .noCommits }
    let shallow = try run(["rev-parse", "--is-shallow-repository"]).text.hasPrefix("true")
    // `HEAD~5` in a clone of depth 1, or a commit id the clone never fetched.
    if shallow, ref.contains("~") || ref.contains("^") || ref.allSatisfy(\.isHexDigit) {
      throw .shallowHistory(ref: ref)
    }
    throw .unknownRef(ref, candidates: try refNames())
  }

  /// The short names of the branches and tags (for did-you-mean), plus `HEAD`.
  func refNames() throws(GitError) -> [String] {
    let result = try run(["for-each-ref", "--format=%(refname:short)", "refs/heads", "refs/tags"])
    return ["HEAD"] + result.text.split(separator: "\n").map(String.init)
  }

  /// Whether files under the project directory differ from `HEAD` (modified, staged or untracked).
  public func hasUncommittedChanges() throws(GitError) -> Bool {
    let result = try succeed(["status", "--porcelain", "--untracked-files=normal", "--", "."])
    return !result.output.isEmpty
  }
}
