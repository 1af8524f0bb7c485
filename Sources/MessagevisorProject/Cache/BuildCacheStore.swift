import Foundation
import MessagevisorLocking
import MessagevisorSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where one project's (or one set's) persistent build cache lives, and the one place that
/// reads and writes its files.
///
/// The cache directory is `$MESSAGEVISOR_CACHE_DIR` when set, else
/// `$XDG_CACHE_HOME/messagevisor-swift`, else `~/.cache/messagevisor-swift`. A project keeps
/// two files there per program, named after a digest of its real path, its set and the
/// program's name: `<digest>.sources` (every entity file's stamp, content hash and parsed
/// entity) and `<digest>.products` (the last build's datafiles). Each run replaces them (atomic
/// rename; the last writer wins), so the cache holds at most two files per project, set and
/// program. The programs have files of their own because each trusts only what its own
/// executable wrote (``ProjectSourceCache`` stamps the cache with it): sharing one file,
/// `messagevisor-swift build` and `messagevisor-preview` would each throw away and rewrite what
/// the other cached, and neither would start warm after the other ran. After each write, other
/// projects' files not used (read or written) for 30 days are removed, and the least recently used
/// while all of them take more than 2 GiB (`prune`): projects that are gone leave nothing behind
/// for long.
///
/// Only projects of at least ``minimumFiles`` entity files are written to the cache (smaller
/// ones load in a fraction of a second; the demo and throwaway projects leave nothing behind).
/// A file that cannot be read back is ignored and rewritten. When the directory cannot be
/// written, everything still works without a cache, and ``warning`` says so once (the library
/// never prints: the command shows it).
public final class BuildCacheStore: Sendable {
  /// The environment variable that chooses the cache directory.
  public static let environmentVariable = "MESSAGEVISOR_CACHE_DIR"

  /// The cache directory.
  public let directory: String
  /// The project root the cache is for.
  public let root: String
  /// The set the cache is for (`nil`: a project without sets).
  public let set: String?
  /// The file name prefix of this project, set and program (a digest of the real root path,
  /// the set and the program's name).
  public let name: String
  /// The number of entity files from which a project is cached (``defaultMinimumFiles`` unless
  /// chosen).
  public let minimumFiles: Int
  private let problems = Locked<[String]>([])

  /// Projects with fewer entity files than this are not cached by default.
  public static let defaultMinimumFiles = 500

  /// The cache of the project at `root` (its set `set`) in `directory`, written for projects of
  /// at least `minimumFiles` entity files, by the running program.
  public convenience init(
    directory: String, root: String, set: String?, minimumFiles: Int = defaultMinimumFiles
  ) {
    self.init(
      directory: directory, root: root, set: set, minimumFiles: minimumFiles,
      program: Self.programName)
  }

  /// The cache of the project at `root` (its set `set`) in `directory` as `program` (an
  /// executable's file name) keeps it.
  init(directory: String, root: String, set: String?, minimumFiles: Int, program: String) {
    self.directory = directory
    self.root = root
    self.set = set
    self.minimumFiles = minimumFiles
    let real = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
    var hasher = ContentHasher()
    hasher.combine(real)
    hasher.combine(UInt64(set == nil ? 0 : 1))
    hasher.combine(set ?? "")
    hasher.combine(program)
    name = hasher.finalize().description
  }

  /// The running executable's file name (empty when `/proc/self/exe` cannot be read).
  static let programName: String = {
    let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return (path as NSString).lastPathComponent
  }()

  /// The cache directory the environment chooses (see ``BuildCacheStore``), or `nil` when it
  /// names none (no `HOME` either).
  public static func defaultDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    if let chosen = environment[environmentVariable], !chosen.isEmpty { return chosen }
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
      return (xdg as NSString).appendingPathComponent("messagevisor-swift")
    }
    if let home = environment["HOME"], !home.isEmpty {
      return (home as NSString).appendingPathComponent(".cache/messagevisor-swift")
    }
    return nil
  }

  /// The cache of the project at `root` in the directory the environment chooses, or `nil`
  /// when it chooses none.
  public static func forProject(
    root: String, set: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> BuildCacheStore? {
    defaultDirectory(environment: environment).map {
      BuildCacheStore(directory: $0, root: root, set: set)
    }
  }

  /// What went wrong with the cache first (a directory that cannot be created, a file that cannot
  /// be written), for the command to show once; the work was done without the cache.
  public var warning: String? { problems.withLock { $0.first } }

  /// The path of this project's cache file `kind` (`sources` or `products`).
  public func path(_ kind: String) -> String {
    (directory as NSString).appendingPathComponent(file(of: kind))
  }

  /// The file name of this project's cache file `kind`.
  func file(of kind: String) -> String { "\(name).\(kind)" }

  /// The bytes of cache file `kind`, `nil` when there is none or it cannot be read. A file read
  /// is marked used (its modification time set to now), so that pruning keeps it.
  func read(_ kind: String) -> [UInt8]? {
    let path = path(kind)
    guard let bytes = readWholeFile(path) else { return nil }
    _ = utimes(path, nil)
    return bytes
  }

  /// Replaces cache file `kind` with `bytes` (atomically); a failure becomes a warning.
  func write(_ kind: String, _ bytes: [UInt8]) {
    replace(kind) { output in bytes.withUnsafeBytes { output.append($0) } }
  }

  /// Replaces cache file `kind` (of `sections` sections) with what `contents` writes to its
  /// stream (atomically, never whole in memory); a failure becomes a warning.
  func write(_ kind: String, sections: Int, contents: (inout CacheFileStream) -> Void) {
    replace(kind) { output in
      var stream = CacheFileStream(kind: kind, sectionCount: sections, output: output)
      contents(&stream)
      return stream.finish()
    }
  }

  /// Replaces cache file `kind` with what `contents` writes (atomically, not flushed: a cache
  /// lost in a crash is rebuilt); a failure becomes a warning.
  private func replace(_ kind: String, contents: (AtomicFile.Output) -> Bool) {
    if let reason = makeDirectory(directory) {
      warn("cannot create the cache directory \(directory): \(reason)")
      return
    }
    var options = AtomicFile.Options()
    options.synchronize = false
    do {
      try AtomicFile.write(to: path(kind), options: options, contents: contents)
    } catch {
      warn("cannot write the cache file \(path(kind)): \(error.reason)")
      return
    }
    prune()
  }

  /// Records `problem` (only the first one is shown).
  func warn(_ problem: String) {
    problems.withLock { list in list.append(problem + "; continuing without the cache") }
  }
}

/// Creates `path` and its missing parents (mode 0700); returns why it failed (`strerror`), or
/// `nil` when the directory is there.
private func makeDirectory(_ path: String) -> String? {
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
    return isDirectory.boolValue ? nil : "\(path) is not a directory"
  }
  let parent = (path as NSString).deletingLastPathComponent
  if !parent.isEmpty, parent != path, let reason = makeDirectory(parent) { return reason }
  guard mkdir(path, 0o700) == 0 || errno == EEXIST else { return String(cString: strerror(errno)) }
  return nil
}

/// The bytes of the regular file at `path`, `nil` when it cannot be read whole.
private func readWholeFile(_ path: String) -> [UInt8]? {
  let descriptor = open(path, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var info = stat()
  guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
  let size = Int(info.st_size)
  guard size > 0 else { return [] }
  var complete = false
  let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
    var done = 0
    while done < size, let base = buffer.baseAddress {
      let count = read(descriptor, base + done, size - done)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      done += count
    }
    complete = done == size
    initialized = done
  }
  return complete ? bytes : nil
}
