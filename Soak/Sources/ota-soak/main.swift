import Foundation
import Messagevisor
import MessagevisorICU
import ReRune

// The OTA soak client (scripts/soak drives it against Soak/fault-server.py on 127.0.0.1):
//   ota-soak run --port P --seconds S --cache DIR --report FILE   the soak; exits 1 on a failed assertion
//   ota-soak child --port P --cache DIR                           checks and translates until killed
//   ota-soak verify-cache --cache DIR                             the cache restores complete versions
//   ota-soak selftest                                             the verifiers can fail

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

let mode = arguments.first ?? ""
let recorder = SoakRecorder()

switch mode {
case "run":
  guard let port = option("--port").flatMap(Int.init),
    let seconds = option("--seconds").flatMap(Double.init),
    let cache = option("--cache"), let report = option("--report")
  else { fatal("usage: ota-soak run --port P --seconds S --cache DIR --report FILE") }
  let soak = Soak(port: port, cache: URL(fileURLWithPath: cache), recorder: recorder)
  soak.run(seconds: seconds, rss: true)
  exit(soak.finish(seconds: seconds, report: report) ? 0 : 1)
case "child":
  guard let port = option("--port").flatMap(Int.init), let cache = option("--cache") else {
    fatal("usage: ota-soak child --port P --cache DIR")
  }
  let soak = Soak(port: port, cache: URL(fileURLWithPath: cache), recorder: recorder)
  soak.run(seconds: .infinity, rss: false)
case "selftest":
  exit(selfTest() ? 0 : 1)
case "verify-cache":
  guard let cache = option("--cache") else { fatal("usage: ota-soak verify-cache --cache DIR") }
  exit(verifyCache(URL(fileURLWithPath: cache)) ? 0 : 1)
default:
  fatal("usage: ota-soak run|child|verify-cache ... (see scripts/soak)")
}
