import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program to its end and collects what it wrote: the package's one way to run a child
/// program from library code (git for the project toolchain, tmux for the previewer).
///
/// `posix_spawnp` with an argument list (no shell), pipes for the three standard streams, an empty
/// signal mask and default signal handlers in the child, and no threads: one `poll` loop feeds
/// the input and drains both outputs, so neither side can fill a pipe and wait forever. With a
/// timeout the child is killed (SIGKILL) when it passes. Writing to a child that exited early
/// gives `EPIPE` instead of a SIGPIPE for the caller's process.
package enum ChildProgram {
  /// How a program ended and what it wrote.
  package struct Output: Sendable, Equatable {
    /// The exit status, or 128 + the signal number when a signal ended it.
    package var status: Int32
    /// Standard output (at most the output limit).
    package var standardOutput: [UInt8]
    /// Standard error (at most the output limit).
    package var standardError: [UInt8]
    /// Whether the timeout ended it.
    package var timedOut: Bool
  }

  /// The program could not be started; `code` is the error number (`ENOENT`: not on the PATH).
  package struct StartError: Error, Sendable, Equatable {
    /// The error number.
    package var code: Int32
    /// The error number in words.
    package var reason: String { String(cString: strerror(code)) }
  }

  /// Runs `arguments` (the program, looked up on the PATH, then its arguments) with `input` on
  /// its standard input and `environment` added to this process's environment.
  /// - Parameters:
  ///   - timeout: seconds until the child is killed; `nil` waits for its end.
  ///   - outputLimit: bytes kept of each output stream (the rest is read and dropped).
  package static func run(
    _ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:],
    timeout: Double? = nil, outputLimit: Int = .max
  ) throws(StartError) -> Output {
    var pipes: [[Int32]] = []
    defer {
      for pair in pipes { for descriptor in pair where descriptor >= 0 { close(descriptor) } }
    }
    for _ in 0..<3 {
      var pair: [Int32] = [-1, -1]
      guard pipe(&pair) == 0 else { throw StartError(code: errno) }
      for descriptor in pair { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
      pipes.append(pair)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
    posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
    var variables = ProcessInfo.processInfo.environment
    for (name, value) in environment { variables[name] = value }
    let spawned = spawn(
      arguments, environment: variables.map { "\($0.key)=\($0.value)" }, actions: &actions)
    // The child's ends belong to the child now.
    for (index, end) in [(0, 0), (1, 1), (2, 1)] {
      close(pipes[index][end])
      pipes[index][end] = -1
    }
    let pid: pid_t
    switch spawned {
    case .success(let started): pid = started
    case .failure(let error): throw error
    }
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    var output = Output(status: 0, standardOutput: [], standardError: [], timedOut: false)
    exchange(
      input: input, with: &pipes, into: &output, deadline: deadline, outputLimit: outputLimit)
    if output.timedOut { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while let deadline, !output.timedOut, waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline {
        output.timedOut = true
        kill(pid, SIGKILL)
        break
      }
      usleep(5_000)
    }
    if deadline == nil || output.timedOut {
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    let signal = status & 0x7F
    output.status = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    return output
  }

  /// Starts `arguments` (the program, looked up on the PATH unless it names a path, then its
  /// arguments) with the file `actions` applied, an empty signal mask and default signal handlers
  /// (a caller's threads may block signals, and the child would inherit that mask), and
  /// `environment` (`NAME=value` entries; `nil`: this process's). Returns the child's process id.
  package static func spawn(
    _ arguments: [String], environment: [String]? = nil,
    actions: inout posix_spawn_file_actions_t
  ) -> Result<pid_t, StartError> {
    guard let program = arguments.first else { return .failure(StartError(code: EINVAL)) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer { for pointer in argv + (envp ?? []) { free(pointer) } }
    var pid: pid_t = 0
    let code =
      envp.map { posix_spawnp(&pid, program, &actions, &attributes, argv, $0) }
      ?? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
    return code == 0 ? .success(pid) : .failure(StartError(code: code))
  }

  /// Feeds `input` and drains both outputs until they close or the deadline passes.
  private static func exchange(
    input: [UInt8], with pipes: inout [[Int32]], into output: inout Output, deadline: Date?,
    outputLimit: Int
  ) {
    // SIGPIPE blocked on this thread while writing: a child that exits early gives EPIPE. A
    // SIGPIPE that arrives anyway is taken back before the mask is restored.
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    defer {
      var pending = sigset_t()
      sigpending(&pending)
      if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
        #if canImport(Darwin)
          var taken: Int32 = 0
          _ = sigwait(&pipeSignal, &taken)
        #else
          var zero = timespec(tv_sec: 0, tv_nsec: 0)
          _ = sigtimedwait(&pipeSignal, nil, &zero)
        #endif
      }
      pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
    var written = 0
    if input.isEmpty {
      close(pipes[0][1])
      pipes[0][1] = -1
    } else {
      _ = fcntl(pipes[0][1], F_SETFL, fcntl(pipes[0][1], F_GETFL) | O_NONBLOCK)
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while pipes[1][0] >= 0 || pipes[2][0] >= 0 {
      if let deadline, Date() > deadline {
        output.timedOut = true
        return
      }
      var watched = [
        pollfd(fd: pipes[0][1], events: Int16(POLLOUT), revents: 0),
        pollfd(fd: pipes[1][0], events: Int16(POLLIN), revents: 0),
        pollfd(fd: pipes[2][0], events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&watched, 3, 100) > 0 else { continue }
      if watched[0].revents != 0 {
        let count = input[written...].withUnsafeBytes {
          Foundation.write(pipes[0][1], $0.baseAddress, $0.count)
        }
        if count > 0 { written += count }
        if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
          close(pipes[0][1])
          pipes[0][1] = -1
        }
      }
      for stream in 1...2 where watched[stream].revents != 0 {
        let count = read(pipes[stream][0], &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 {
          close(pipes[stream][0])
          pipes[stream][0] = -1
          continue
        }
        if stream == 1 {
          let room = max(0, outputLimit - output.standardOutput.count)
          output.standardOutput += buffer[0..<min(count, room)]
        } else {
          let room = max(0, outputLimit - output.standardError.count)
          output.standardError += buffer[0..<min(count, room)]
        }
      }
    }
  }
}
