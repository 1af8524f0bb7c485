// terminalui-smoke: a tiny program that exercises TerminalUI on a real terminal.
//
// Usage: terminalui-smoke [--log PATH] [--ignore-hangup] [--wake-every MS] [--stall-ms MS]
//                         [--bench PATH] [--bench-headless] [--frames N]
// Benchmarks: swift build -c release --product terminalui-smoke, then run
//   terminalui-smoke --bench-headless                        (no terminal needed), and
//   tmux new-session -d -x 200 -y 60 'terminalui-smoke --bench /tmp/bench.txt'  (real output)
//   --log PATH        append one line per event (started, resize WxH, key …, quit, hangup) to PATH
//   --ignore-hangup   keep reading after a hangup (to check that reads never spin and the
//                     watchdog ends the process)
//   --bench PATH      render benchmark frames at the current size, write medians to PATH, exit
//   --frames N        frames per benchmark case (default 200)
//   --wake-every MS   wake the blocked reader from another thread every MS milliseconds and
//                     count the wake-ups on screen ("wakes: N")
//   --stall-ms MS     after the first frame, stop reading input for MS milliseconds (a stuck
//                     program: a second Ctrl-C then restores the terminal and exits 130)
//   --bench-headless  without a terminal: time building frames and diffing them at 100x30 and
//                     200x60, print medians to standard output, exit
// Keys: q quits, anything else is shown on the "last:" line.
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

var logPath: String?
var benchPath: String?
var ignoreHangup = false
var benchHeadless = false
var stallMilliseconds = 0
var wakeEvery: Int?
var benchFrames = 200
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--log": logPath = arguments.next()
  case "--bench": benchPath = arguments.next()
  case "--frames": benchFrames = Int(arguments.next() ?? "") ?? benchFrames
  case "--ignore-hangup": ignoreHangup = true
  case "--bench-headless": benchHeadless = true
  case "--stall-ms": stallMilliseconds = Int(arguments.next() ?? "") ?? 0
  case "--wake-every": wakeEvery = Int(arguments.next() ?? "")
  case "--help", "-h":
    print(
      "usage: terminalui-smoke [--log PATH] [--ignore-hangup] [--wake-every MS] [--stall-ms MS] [--bench PATH] [--bench-headless] [--frames N]"
    )
    exit(0)
  default:
    FileHandleless.standardError("unknown argument \(TerminalSafeText.sanitized(argument))\n")
    exit(2)
  }
}

/// Minimal stderr/file helpers without Foundation.
enum FileHandleless {
  static func standardError(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
  }

  static func append(_ line: String, to path: String?) {
    guard let path, let file = fopen(path, "a") else { return }
    _ = (line + "\n").withCString { fputs($0, file) }
    fclose(file)
  }
}

@MainActor func log(_ line: String) { FileHandleless.append(line, to: logPath) }

/// A ``CellOutput`` that only counts, to time the differ without a terminal.
final class CountingOutput: CellOutput {
  var cells = 0
  func beginFrame(size: TerminalSize, fullRedraw: Bool) {}
  func write(_ run: CellRun) { cells += run.width }
  func endFrame() {}
}

/// A frame full of text: half the width in mixed Latin, CJK and emoji, three styles.
func sampleFrame(_ size: TerminalSize, seed: Int, ascii: Bool) -> Frame {
  var frame = Frame(size: size)
  let letters = Array(ascii ? "abcdefghijklmnopqrstuvwxyz0123" : "abcdefghijklmnopqrstuvwxyz日本語🙂")
  let styles: [CellStyle] = [
    .plain.foreground(.textPrimary), .plain.foreground(.accent),
    .plain.foreground(.success).background(.surface),
  ]
  for row in 0..<size.height {
    var line = ""
    for column in 0..<(size.width / 2) {
      line.append(letters[(row + column + seed) % letters.count])
    }
    frame.put(line, x: 0, y: row, style: styles[(row + seed) % styles.count])
  }
  return frame
}

func medianMicroseconds(_ values: [Duration]) -> Int {
  let middle = values.sorted()[values.count / 2]
  return Int(
    (Double(middle.components.attoseconds) / 1e12 + Double(middle.components.seconds) * 1e6)
      .rounded())
}

if benchHeadless {
  let clock = ContinuousClock()
  let sizes = [TerminalSize(width: 100, height: 30), TerminalSize(width: 200, height: 60)]
  let only = getenv("TERMINALUI_BENCH_ONLY").map { String(cString: $0) }
  for size in sizes where only == nil || only == "\(size)" {
    for ascii in [true, false] {
      var build: [Duration] = []
      var diffFull: [Duration] = []
      var diffLine: [Duration] = []
      var differ = FrameDiffer()
      let output = CountingOutput()
      for index in 0..<benchFrames {
        var frame = Frame(size: size)
        build.append(clock.measure { frame = sampleFrame(size, seed: index, ascii: ascii) })
        diffFull.append(clock.measure { differ.render(frame, to: output) })
        frame.put("frame \(index)", x: 0, y: size.height / 2)
        diffLine.append(clock.measure { differ.render(frame, to: output) })
      }
      print(
        "headless \(size) \(ascii ? "ascii" : "mixed"): build frame \(medianMicroseconds(build)) us, diff all cells changed \(medianMicroseconds(diffFull)) us, diff one line changed \(medianMicroseconds(diffLine)) us"
      )
    }
  }
  exit(0)
}

let screen: NcursesScreen
do {
  screen = try NcursesScreen()
} catch {
  FileHandleless.standardError("terminalui-smoke: \(error)\n")
  exit(1)
}

let title = CellStyle(foreground: .accent, attributes: .bold)
@MainActor func draw(last: String) -> Frame {
  let size = screen.size
  var frame = Frame(size: size)
  frame.put("TerminalUI smoke \(size)", x: 0, y: 0, style: title)
  frame.put("wide:日本語|", x: 0, y: 1)
  frame.put("emoji:🙂|", x: 0, y: 2)
  frame.put("indic:क्षि|กำ|", x: 40, y: 2)
  frame.put("rtl:", x: 0, y: 3)
  frame.put("مرحبا بالعالم 123", x: 4, y: 3, width: 30, alignment: .natural)
  frame.put("|", x: 34, y: 3)
  frame.put("esc:\u{1B}[31mRED\u{1B}[0m\u{9B}2J|", x: 0, y: 4, style: .plain.foreground(.error))
  frame.put("last: \(last)", x: 0, y: 5, style: .plain.foreground(.success))
  frame.put("zwj:👨‍👩‍👧❤️🇳🇱e\u{301}|", x: 40, y: 1)
  frame.drawBox(
    Rect(x: 0, y: 6, width: min(size.width, 24), height: 3), box: .rounded,
    style: .plain.foreground(.border), title: "box")
  frame.put("mode: \(screen.colorMode.rawValue)", x: 2, y: 7, width: 20)
  return frame
}

if let benchPath {
  runBenchmark(path: benchPath)
  screen.restore()
  exit(0)
}

@MainActor func runBenchmark(path: String) {
  let size = screen.size
  let clock = ContinuousClock()
  func median(_ values: [Duration]) -> Double {
    let sorted = values.sorted()
    let middle = sorted[sorted.count / 2]
    return Double(middle.components.attoseconds) / 1e12 + Double(middle.components.seconds) * 1e6
  }
  func fullFrame(_ seed: Int) -> Frame { sampleFrame(size, seed: seed, ascii: false) }
  func asciiFrame(_ seed: Int) -> Frame { sampleFrame(size, seed: seed, ascii: true) }
  // Full repaint every frame (every cell changes).
  var full: [Duration] = []
  for index in 0..<benchFrames {
    let frame = fullFrame(index)
    full.append(clock.measure { screen.render(frame) })
  }
  var fullASCII: [Duration] = []
  for index in 0..<benchFrames {
    let frame = asciiFrame(index)
    fullASCII.append(clock.measure { screen.render(frame) })
  }
  // One line changes per frame (a typical key press).
  var base = fullFrame(0)
  screen.render(base)
  var partial: [Duration] = []
  for index in 0..<benchFrames {
    base.put("frame \(index) ", x: 0, y: size.height / 2, style: .plain.foreground(.warning))
    let frame = base
    partial.append(clock.measure { screen.render(frame) })
  }
  // Identical frame (nothing to write).
  var identical: [Duration] = []
  for _ in 0..<benchFrames {
    let frame = base
    identical.append(clock.measure { screen.render(frame) })
  }
  // Building the frame itself.
  var build: [Duration] = []
  for index in 0..<benchFrames {
    build.append(clock.measure { _ = fullFrame(index) })
  }
  let report =
    String(
      format: size, full: median(full), partial: median(partial), identical: median(identical),
      build: median(build), mode: screen.colorMode)
    + ", full repaint ASCII only \(Int(median(fullASCII).rounded())) us"
  FileHandleless.append(report, to: path)
}

extension String {
  init(
    format size: TerminalSize, full: Double, partial: Double, identical: Double, build: Double,
    mode: ColorMode
  ) {
    func us(_ value: Double) -> String { "\(Int(value.rounded())) us" }
    self =
      "render \(size) \(mode.rawValue): full repaint \(us(full)), one line changed \(us(partial)), unchanged \(us(identical)), building a full frame \(us(build))"
  }
}

log("started \(screen.size) \(screen.colorMode.rawValue)")
log("pid \(getpid())")
screen.render(draw(last: "none"))
if stallMilliseconds > 0 {
  log("stalling")
  var request = timespec(
    tv_sec: stallMilliseconds / 1000, tv_nsec: (stallMilliseconds % 1000) * 1_000_000)
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 { request = remaining }
}
var hungUp = false
var reads = 0
var wakes = 0
if let wakeEvery {
  let waker = screen.makeWaker()
  Task.detached {
    while true {
      try? await Task.sleep(for: .milliseconds(wakeEvery))
      waker.wake()
    }
  }
}
while true {
  // Blocks until input, a signal, or a wake-up: an idle program uses no CPU.
  guard let event = screen.readEvent(timeout: nil) else {
    wakes += 1
    screen.render(draw(last: "wakes: \(wakes)"))
    continue
  }
  reads += 1
  switch event {
  case .key(.character("q")):
    screen.restore()
    log("quit")
    exit(0)
  case .key(let key):
    log("key \(key)")
    screen.render(draw(last: "\(key)"))
  case .mouse(let mouse):
    log("mouse \(mouse)")
    screen.render(draw(last: "mouse \(mouse.kind) \(mouse.x),\(mouse.y)"))
  case .resize(let size):
    log("resize \(size)")
    screen.render(draw(last: "resize \(size)"))
  case .interrupt:
    screen.restore()
    log("interrupt")
    exit(130)
  case .terminate:
    screen.restore()
    log("terminate")
    exit(143)
  case .hangup:
    if !hungUp { log("hangup") }
    hungUp = true
    if !ignoreHangup {
      screen.restore()
      exit(3)
    }
  }
}
