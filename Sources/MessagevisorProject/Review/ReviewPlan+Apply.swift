import Foundation

extension ReviewPlan {
  /// Checks that this plan (derived again now) is the one `request` previewed: the same files
  /// with the same bytes, so the same changes.
  /// - Throws: ``ReviewError/changedSince(_:)`` naming each file that is modified, new (a message
  ///   that matches now and did not then) or gone.
  public func check(against request: Request) throws(ReviewError) {
    guard checksum != request.checksum || changes.count != request.changeCount else { return }
    var what: [String] = []
    for path in Set(files.keys).union(request.files.keys).sorted() {
      switch (request.files[path], files[path]) {
      case (let old?, let new?) where old != new: what.append("\(path) (modified)")
      case (nil, _?): what.append("\(path) (new)")
      case (_?, nil): what.append("\(path) (gone, or no longer matches)")
      default: break
      }
    }
    if what.isEmpty {
      what.append("\(request.changeCount) change(s) previewed, \(changes.count) now")
    }
    throw .changedSince(what)
  }

  /// Applies the changes to the project at `root`: each message file's edits are made on the
  /// bytes the plan read (``MessageFileEditor/settingReviewStatus(_:at:sourceLocale:in:)``: only
  /// the state's scalars change, comments and layout stay), every file's new bytes are computed
  /// before any is written, and each is written atomically, refusing a file that changed since.
  /// - Returns: The writes, in path order.
  /// - Throws: ``ReviewError/edit(_:)`` for a refused edit or write;
  ///   ``ReviewError/changedSince(_:)`` when a file is no longer what the plan read.
  @discardableResult
  public func apply(root: String) throws(ReviewError) -> [SavedFileChange] {
    let byFile = Dictionary(grouping: changes, by: \.location.file)
    var edits: [(FileSnapshot, [UInt8])] = []
    for path in byFile.keys.sorted() {
      let full = (root as NSString).appendingPathComponent(path)
      let snapshot: FileSnapshot
      do {
        snapshot = try AtomicFileWriter.read(full)
      } catch {
        throw .edit(error)
      }
      guard snapshot.digest == files[path] else { throw .changedSince(["\(path) (modified)"]) }
      let editor = MessageFileEditor(file: path)
      var bytes = snapshot.bytes
      for change in byFile[path] ?? [] {
        do {
          bytes = try editor.settingReviewStatus(
            change.to, at: change.path, sourceLocale: sourceLocale, in: bytes)
        } catch {
          throw .edit(error)
        }
      }
      edits.append((snapshot, bytes))
    }
    var written: [SavedFileChange] = []
    for (snapshot, bytes) in edits {
      do {
        written.append(try AtomicFileWriter.write(bytes, replacing: snapshot))
      } catch {
        throw .edit(error)
      }
    }
    return written
  }
}
