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
      guard sections.count == 2 else { throw CacheFormatError("expected two sections") }
      for section in sections { try CacheFile.verify(section, in: buffer) }
      var trailer = CacheReader(buffer, range: sections[1].range)
      let digest = try trailer.hash()
      let count = try trailer.varint()
      guard trailer.isAtEnd else { throw trailer.failure("unexpected bytes after the count") }
      var reader = CacheReader(buffer, range: sections[0].range)
      var files: [File] = []
      while !reader.isAtEnd {
        let target = try reader.string()
        let locale = try reader.string()
        let path = try reader.string()
        let head = Array(buffer[try reader.span(try reader.count())])
        let tail = try reader.bool() ? Array(buffer[try reader.span(try reader.count())]) : nil
        files.append(File(target: target, locale: locale, path: path, head: head, tail: tail))
      }
      guard files.count == count else { throw CacheFormatError("the file count does not match") }
      return DatafileProducts(digest: digest, files: files)
    }
  }

  /// Replaces the products in `store` with these (a failure becomes the store's warning).
  public func write(to store: BuildCacheStore) {
    var encoder = Encoder()
    for file in files { encoder.append(file) }
    encoder.write(to: store, digest: digest)
  }

  /// Collects the datafiles of a build as they are built (each is encoded at once, so the build
  /// holds one copy of its texts), then writes them as ``DatafileProducts``.
  public struct Encoder: Sendable {
    var writer = CacheWriter()
    var count = 0

    /// An encoder with no files yet.
    public init() {}

    /// Adds `file`.
    public mutating func append(_ file: File) {
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
      count += 1
    }

    /// Whether no file was added.
    public var isEmpty: Bool { count == 0 }

    /// Replaces the products in `store` with the files added, made from inputs `digest`.
    public consuming func write(to store: BuildCacheStore, digest: ContentHash) {
      var trailer = CacheWriter()
      trailer.hash(digest)
      trailer.count(count)
      var payload = writer.bytes
      writer = CacheWriter()
      let lengths = [payload.count, trailer.bytes.count]
      payload.reserveCapacity(payload.count + trailer.bytes.count + 512)
      payload.append(contentsOf: trailer.bytes)
      store.write(
        DatafileProducts.kind,
        CacheFile.encode(kind: DatafileProducts.kind, payload: payload, lengths: lengths))
    }
  }
}
