import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `/proc` tells about a running process (Linux).
public enum ProcessStat {
  /// Whether `pid` is still running (a zombie nobody reaped counts as ended).
  public static func isRunning(_ pid: pid_t) -> Bool {
    guard let fields = statFields(pid) else {
      #if os(Linux)
        return false
      #else
        return kill(pid, 0) == 0
      #endif
    }
    let state = fields.first ?? ""
    return state != "Z" && state != "X"
  }

  /// CPU time (user + system, in clock ticks) used by `pid`.
  public static func cpuTicks(_ pid: pid_t) -> Int? {
    // Fields after the command name: state is 0, utime is 11, stime is 12.
    guard let fields = statFields(pid), fields.count > 12, let user = Int(fields[11]),
      let system = Int(fields[12])
    else { return nil }
    return user + system
  }

  /// A field of `/proc/<pid>/status` in kB (e.g. `VmRSS`, `VmHWM`).
  public static func statusKilobytes(_ pid: pid_t, _ field: String) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.dropFirst(field.count + 1).filter(\.isNumber))
    }
    return nil
  }

  /// The fields of `/proc/<pid>/stat` after the command name (which may hold spaces and ")").
  private static func statFields(_ pid: pid_t) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ")
  }
}
