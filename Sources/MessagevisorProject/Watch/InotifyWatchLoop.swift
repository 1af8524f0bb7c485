#if os(Linux)
  import Foundation
  import MessagevisorSystem
  import Glibc

  /// The inotify side of ``ProjectWatcher``: owns the inotify descriptor and the watch table, and
  /// runs on the watcher's thread only (created there's `init`, then touched by `run()` alone).
  final class InotifyWatchLoop: @unchecked Sendable {
    // inotify(7) masks (kernel ABI, spelled out because the C macros do not all import).
    static let closeWrite: UInt32 = 0x0000_0008
    static let movedFrom: UInt32 = 0x0000_0040
    static let movedTo: UInt32 = 0x0000_0080
    static let create: UInt32 = 0x0000_0100
    static let delete: UInt32 = 0x0000_0200
    static let deleteSelf: UInt32 = 0x0000_0400
    static let moveSelf: UInt32 = 0x0000_0800
    static let unmount: UInt32 = 0x0000_2000
    static let overflow: UInt32 = 0x0000_4000
    static let ignored: UInt32 = 0x0000_8000
    static let onlyDirectory: UInt32 = 0x0100_0000
    static let dontFollow: UInt32 = 0x0200_0000
    static let isDirectory: UInt32 = 0x4000_0000
    static let mask: UInt32 =
      closeWrite | movedFrom | movedTo | create | delete | deleteSelf | moveSelf | onlyDirectory
      | dontFollow

    let root: String
    let options: ProjectWatcher.Options
    let wakeRead: Int32
    let onChange: @Sendable (ProjectChangeBatch) -> Void
    let descriptor: Int32
    /// Watch descriptor → directory relative to the root (`""` for the root).
    var directories: [Int32: String] = [:]
    var rootWatch: Int32 = -1
    var pending = ProjectChangeBatch()
    var firstEvent: ContinuousClock.Instant?
    var lastEvent: ContinuousClock.Instant?
    var rootMissing = false
    var rewatch = false
    let clock = ContinuousClock()

    init(
      root: String, options: ProjectWatcher.Options, wakeRead: Int32,
      onChange: @escaping @Sendable (ProjectChangeBatch) -> Void
    ) throws(ProjectWatcherError) {
      self.root = root
      self.options = options
      self.wakeRead = wakeRead
      self.onChange = onChange
      guard Self.isDirectory(root) else {
        throw ProjectWatcherError("cannot watch \(root): not a directory")
      }
      descriptor = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
      guard descriptor >= 0 else {
        throw ProjectWatcherError("inotify_init1 failed: \(String(cString: strerror(errno)))")
      }
      let problems = watchTree()
      guard rootWatch >= 0 else {
        close(descriptor)
        throw ProjectWatcherError(
          "cannot watch \(root): \(problems.first ?? "inotify_add_watch failed")")
      }
      pending.problems = problems
      if !problems.isEmpty { noteEvent() }
    }

    /// Waits for events until the wake pipe says stop; then closes both descriptors.
    func run() {
      defer {
        close(descriptor)
        close(wakeRead)
      }
      while true {
        var fds = [
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        let result = poll(&fds, 2, timeout())
        if result < 0 && errno != EINTR { return }
        if fds[1].revents != 0 { return }
        if fds[0].revents & Int16(POLLIN) != 0 { readEvents() }
        if rootMissing { lookForRoot() }
        if let first = firstEvent, let last = lastEvent {
          let now = clock.now
          if now - last >= options.quietPeriod || now - first >= options.maximumDelay { flush() }
        }
      }
    }

    /// Milliseconds `poll` may sleep: until the debounce deadline, the next root check, or forever.
    func timeout() -> Int32 {
      var deadlines: [ContinuousClock.Instant] = []
      if let first = firstEvent, let last = lastEvent {
        deadlines.append(min(last + options.quietPeriod, first + options.maximumDelay))
      }
      if rootMissing { deadlines.append(clock.now + options.rootPollInterval) }
      guard let next = deadlines.min() else { return -1 }
      let remaining = next - clock.now
      guard remaining > .zero else { return 0 }
      let (seconds, attoseconds) = remaining.components
      let milliseconds =
        seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
      return Int32(clamping: max(1, milliseconds))
    }

    func noteEvent(count: Int = 0) {
      let now = clock.now
      if firstEvent == nil { firstEvent = now }
      lastEvent = now
      pending.eventCount += count
    }

    func flush() {
      if rewatch && !rootMissing {
        rewatch = false
        removeAllWatches()
        pending.problems += watchTree()
        pending.rescan = true
        if rootWatch < 0 { markRootMissing() }
      }
      let batch = pending
      pending = ProjectChangeBatch()
      firstEvent = nil
      lastEvent = nil
      if !batch.isEmpty { onChange(batch) }
    }

    // MARK: Events

    func readEvents() {
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      let header = MemoryLayout<inotify_event>.size
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { return }
        var offset = 0
        while offset + header <= count {
          let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
            (
              raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
              raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
              Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            )
          }
          let nameStart = offset + header
          let nameEnd = min(nameStart + length, count)
          var name = ""
          if length > 0 {
            let bytes = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
            name = String(decoding: bytes, as: UTF8.self)
          }
          handle(wd: wd, mask: mask, name: name)
          offset = nameStart + length
        }
      }
    }

    func handle(wd: Int32, mask: UInt32, name: String) {
      noteEvent(count: 1)
      if mask & Self.overflow != 0 {
        pending.rescan = true
        rewatch = true
        return
      }
      if mask & Self.ignored != 0 {
        directories[wd] = nil
        return
      }
      if wd == rootWatch && mask & (Self.deleteSelf | Self.moveSelf | Self.unmount) != 0 {
        markRootMissing()
        return
      }
      guard let directory = directories[wd] else { return }
      if mask & (Self.deleteSelf | Self.moveSelf) != 0 {
        directories[wd] = nil
        return
      }
      let path = directory.isEmpty ? name : directory + "/" + name
      if !name.isEmpty { pending.paths.insert(path) }
      let isDirectory = mask & Self.isDirectory != 0
      if mask & (Self.create | Self.delete | Self.movedFrom | Self.movedTo) != 0 {
        pending.structureChanged = true
      }
      if isDirectory && mask & Self.movedFrom != 0 {
        // Watches below a moved directory keep their old paths: watch the tree again.
        rewatch = true
      }
      if isDirectory && mask & (Self.create | Self.movedTo) != 0 && !name.hasPrefix(".") {
        let depth = path.split(separator: "/").count
        pending.problems += watchDirectory(path, depth: depth, reportFiles: true)
      }
    }

    func markRootMissing() {
      pending.rootRemoved = true
      pending.structureChanged = true
      removeAllWatches()
      rootMissing = true
      noteEvent()
    }

    func lookForRoot() {
      guard Self.isDirectory(root) else { return }
      let problems = watchTree()
      guard rootWatch >= 0 else { return }
      rootMissing = false
      pending.rootRemoved = false
      pending.rescan = true
      pending.structureChanged = true
      pending.problems += problems
      noteEvent()
    }

    // MARK: Watches

    /// Watches the root and every directory below it; returns problems.
    func watchTree() -> [String] {
      rootWatch = -1
      return watchDirectory("", depth: 0, reportFiles: false)
    }

    /// Watches `relative` (and what is below it). With `reportFiles`, the files already inside are
    /// added to the pending batch: they may have been written before the watch existed.
    func watchDirectory(_ relative: String, depth: Int, reportFiles: Bool) -> [String] {
      // Setting up the watches of a big project takes a while: as background work, a key's
      // frame goes first.
      ForegroundWork.yield()
      let full = relative.isEmpty ? root : root + "/" + relative
      let wd = inotify_add_watch(descriptor, full, Self.mask)
      guard wd >= 0 else {
        let reason = String(cString: strerror(errno))
        if errno == ENOENT || errno == ENOTDIR { return [] }  // gone again: its events say so
        return ["cannot watch \(relative.isEmpty ? root : relative): \(reason)"]
      }
      directories[wd] = relative
      if relative.isEmpty { rootWatch = wd }
      guard depth < options.maximumDepth else {
        return ["not watching below \(relative): deeper than \(options.maximumDepth) levels"]
      }
      var problems: [String] = []
      for entry in DirectoryListing.entries(of: full) {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        if entry.isDirectory {
          if entry.name.hasPrefix(".") { continue }
          problems += watchDirectory(path, depth: depth + 1, reportFiles: reportFiles)
        } else if reportFiles {
          pending.paths.insert(path)
        }
      }
      return problems
    }

    func removeAllWatches() {
      for wd in directories.keys { inotify_rm_watch(descriptor, wd) }
      directories.removeAll()
      rootWatch = -1
    }

    static func isDirectory(_ path: String) -> Bool {
      var info = stat()
      return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
  }
#endif
