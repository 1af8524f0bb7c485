import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks the tmux server the previewer runs in for a global option (`tmux show-options -gv`),
/// through `posix_spawnp` with a pipe (no Foundation `Process`: no extra threads stay behind).
enum TmuxOption {
  /// The option's value, or `nil` when tmux cannot be asked within a second.
  static func value(_ name: String) -> String? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    defer { close(fds[0]) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    let arguments = ["tmux", "show-options", "-gv", name]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &argv, environ)
    close(fds[1])
    guard spawned == 0 else { return nil }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    let deadline = Date().addingTimeInterval(1)
    var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    while output.count < 256, Date() < deadline {
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      let count = read(fds[0], &buffer, buffer.count)
      if count <= 0 { break }
      output += buffer[0..<count]
    }
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
      }
      usleep(5_000)
    }
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { return nil }
    return String(decoding: output, as: UTF8.self)
  }
}
