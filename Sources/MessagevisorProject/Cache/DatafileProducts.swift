import Foundation

/// The datafiles of a project's last full build, kept in its ``BuildCacheStore`` so that a
/// build whose inputs have not changed (the same ``ProjectSourceCache/inputDigest``) writes them
/// again, with its new revision, without loading or building anything.
///
/// Each datafile is kept with its revision cut out: the build runs with
/// ``revisionPlaceholder`` as the revision, and ``file(target:locale:path:text:)`` splits the
/// text where the placeholder is, so ``File/text(revision:)`` gives the bytes a build with that
/// revision writes.
public struct DatafileProducts: Sendable {
  static let kind = "products"

  /// One built datafile.
  public struct File: Sendable, Equatable {
    /// The target.
    public var target: String
    /// The locale.
    public var locale: String
    /// Where it is written, relative to the output directory.
    public var path: String
    /// The text before the revision (all of it when the revision is not in the text).
    var head: [UInt8]
    /// The text after the revision; `nil` when the text does not depend on the revision
    /// (a target with `revisionFromHash`).
    var tail: [UInt8]?

    /// A datafile whose text does not contain the build's revision (`revisionFromHash`).
    public init(target: String, locale: String, path: String, fixedText: String) {
      self.target = target
      self.locale = locale
      self.path = path
      head = Array(fixedText.utf8)
      tail = nil
    }

    init(target: String, locale: String, path: String, head: [UInt8], tail: [UInt8]?) {
      self.target = target
      self.locale = locale
      self.path = path
      self.head = head
      self.tail = tail
    }

    /// The datafile's bytes with `revision` written into it.
    public func text(revision: String) -> [UInt8] {
      guard let tail else { return head }
      var bytes = head
      bytes.append(contentsOf: JSONText.quote(revision).utf8)
      bytes.append(contentsOf: tail)
      return bytes
    }
  }

  /// The ``ProjectSourceCache/inputDigest`` of the build that made the files.
  public var digest: ContentHash
  /// The datafiles in the order they were built.
  public var files: [File]

  /// Products of the build with inputs `digest`.
  public init(digest: ContentHash, files: [File]) {
    self.digest = digest
    self.files = files
  }

  /// The revision to build with so that ``file(target:locale:path:text:)`` can find it again:
  /// a string no project contains (a control character and a random identifier, per process).
  public static let revisionPlaceholder = "\u{1}messagevisor-revision-" + UUID().uuidString

  /// The datafile built as `text` with ``revisionPlaceholder`` as its revision, or `nil` when
  /// the placeholder is not in the text exactly once.
  public static func file(target: String, locale: String, path: String, text: String)
    -> File?
  {
    let needle = Array(JSONText.quote(revisionPlaceholder).utf8)
    let bytes = Array(text.utf8)
    var found: [Int] = []
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var index = 0
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        found.append(index)
        index += needle.count
      } else {
        index += 1
      }
    }
    guard found.count == 1, let start = found.first else { return nil }
    return File(
      target: target, locale: locale, path: path, head: Array(bytes[..<start]),
      tail: Array(bytes[(start + needle.count)...]))
  }

  /// The products in `store`, or `nil` when there are none or the file does not read back.
  public static func read(from store: BuildCacheStore) -> DatafileProducts? {
    guard let bytes = store.read(kind) else { return nil }
    return try? bytes.withUnsafeBufferPointer { buffer throws(CacheFormatError) in
      let sections = try CacheFile.sections(of: buffer, kind: kind)
      guard sections.count == 1 else { throw CacheFormatError("expected one section") }
      try CacheFile.verify(sections[0], in: buffer)
      var reader = CacheReader(buffer, range: sections[0].range)
      let digest = try reader.hash()
      let count = try reader.count()
      var files: [File] = []
      for _ in 0..<count {
        let target = try reader.string()
        let locale = try reader.string()
        let path = try reader.string()
        let head = Array(buffer[try reader.span(try reader.count())])
        let tail = try reader.bool() ? Array(buffer[try reader.span(try reader.count())]) : nil
        files.append(File(target: target, locale: locale, path: path, head: head, tail: tail))
      }
      guard reader.isAtEnd else { throw reader.failure("unexpected bytes after the files") }
      return DatafileProducts(digest: digest, files: files)
    }
  }

  /// Replaces the products in `store` with these (a failure becomes the store's warning).
  public func write(to store: BuildCacheStore) {
    var writer = CacheWriter(capacity: files.reduce(64) { $0 + $1.head.count + 64 })
    writer.hash(digest)
    writer.count(files.count)
    for file in files {
      writer.string(file.target)
      writer.string(file.locale)
      writer.string(file.path)
      writer.count(file.head.count)
      writer.raw(file.head)
      writer.bool(file.tail != nil)
      if let tail = file.tail {
        writer.count(tail.count)
        writer.raw(tail)
      }
    }
    store.write(Self.kind, CacheFile.encode(kind: Self.kind, sections: [writer.bytes]))
  }
}
