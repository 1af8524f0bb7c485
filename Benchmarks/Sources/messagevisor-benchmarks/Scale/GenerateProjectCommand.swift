import CommandLineKit  // `Suggestion` (did-you-mean)
import Foundation
import TerminalSafety
import TestSupport  // `ScaleProject`

/// `messagevisor-benchmarks generate-project`: writes a `ScaleProject` by hand, e.g. the
/// 800k-translation project of the scale group to try the programs on:
///
///     messagevisor-benchmarks generate-project --messages 20000 --locales 40 --out /tmp/big
enum GenerateProjectCommand {
  static let usage = """
    usage: messagevisor-benchmarks generate-project --out DIR [--messages N] [--locales L] [--seed S]

    Writes a deterministic Messagevisor project of N messages × L locales into DIR (absent or
    empty): one YAML file per message under messages/<feature>/<screen>/, about 10 % ICU
    plurals, 10 % with arguments and 10 % with an override behind a segment; one target "app".
    The same N, L and S always write the same bytes.

      --out DIR       where to write the project (required; absent or empty)
      --messages N    number of messages, 1…10000000 (default 20000)
      --locales L     number of locales, 1…40, the source locale en-US first (default 40)
      --seed S        the random seed, an unsigned integer (default 32, what `Benchmarks/run` uses)
      -h, --help      this text

    Example: the 800k-translation project of the scale benchmarks
      messagevisor-benchmarks generate-project --messages 20000 --locales 40 --out /tmp/big
      messagevisor-preview --project /tmp/big --screen messages
    """

  /// The options that take a value.
  static let options = ["--out", "--messages", "--locales", "--seed"]

  /// Runs the command with the arguments after `generate-project`; returns the exit status
  /// (0 written, 1 the project could not be written, 2 a usage error).
  static func run(_ arguments: [String]) -> Int32 {
    var project = ScaleProject(messages: 20_000, locales: 40, seed: ScaleBenchmarks.seed)
    var out: String?
    var index = 0
    func fail(_ text: String) -> Int32 {
      FileHandle.standardError.write(
        Data("messagevisor-benchmarks generate-project: \(text)\n\n\(usage)\n".utf8))
      return 2
    }
    while index < arguments.count {
      var argument = arguments[index]
      var value: String?
      // `--messages=N` as well as `--messages N`.
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        value = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      if argument == "-h" || argument == "--help" {
        print(usage)
        return 0
      }
      guard options.contains(argument) else {
        return fail(
          "unknown argument \(SafeText.quoted(argument))"
            + Suggestion.didYouMean(argument, in: options + ["--help"]))
      }
      if value == nil {
        index += 1
        guard index < arguments.count else { return fail("\(argument) needs a value") }
        value = arguments[index]
      }
      index += 1
      let text = value ?? ""
      switch argument {
      case "--out":
        guard !text.isEmpty else { return fail("--out needs a directory") }
        out = text
      case "--messages":
        guard let number = Int(text) else {
          return fail("--messages expects a number, not \(SafeText.quoted(text))")
        }
        project.messages = number
      case "--locales":
        guard let number = Int(text) else {
          return fail("--locales expects a number, not \(SafeText.quoted(text))")
        }
        project.locales = number
      default:
        guard let number = UInt64(text) else {
          return fail("--seed expects an unsigned integer, not \(SafeText.quoted(text))")
        }
        project.seed = number
      }
    }
    guard let out else { return fail("--out DIR is required") }
    do {
      try project.validate()
    } catch {
      return fail("\(error)")
    }
    if let names = try? FileManager.default.contentsOfDirectory(atPath: out), !names.isEmpty {
      return fail(
        "--out \(SafeText.quoted(out)) is not empty: give an absent or empty directory")
    }
    do {
      try project.write(to: out)
    } catch {
      FileHandle.standardError.write(
        Data(
          "messagevisor-benchmarks generate-project: \(SafeText.neutralized("\(error)"))\n".utf8))
      return 1
    }
    print(
      "Wrote \(project.messages) messages × \(project.locales) locales "
        + "(\(project.translations) translations, seed \(project.seed)) into "
        + SafeText.neutralized(out))
    return 0
  }
}
