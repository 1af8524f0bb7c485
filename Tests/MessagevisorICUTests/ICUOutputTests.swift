import Foundation
@_spi(MessagevisorModules) import Messagevisor
import Testing

@testable import MessagevisorICU

/// ``ICUOutput``: lone pieces, short text kept inline, concatenation in the buffer, and overflow
/// past it.
@Suite struct ICUOutputTests {
  func build(_ pieces: [String], bufferSize: Int) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferSize) { buffer in
      var output = ICUOutput(buffer: buffer)
      for piece in pieces { output.append(piece) }
      return output.finish()
    }
  }

  @Test(arguments: [0, 1, 4, 8, 512])
  func concatenatesEveryPieceInOrder(bufferSize: Int) {
    let cases: [[String]] = [
      [],
      [""],
      ["", ""],
      ["lone piece, longer than the inline fifteen bytes"],
      ["", "x", ""],
      ["abc", "defgh", "ij"],
      ["ab", "cd", "0123456789abcdef", "!"],
      ["exactly fifteen", "", "+"],
      ["Grüße, ", "Zoë", " 👋🏽", "!"],
      ["Welcome back, ", "Ada"],
      [String(repeating: "a", count: 300), "é", String(repeating: "b", count: 300)],
    ]
    for pieces in cases {
      let text = build(pieces, bufferSize: bufferSize)
      #expect(text == pieces.joined(), "pieces \(pieces), buffer \(bufferSize)")
      #expect(text.utf8.count == pieces.reduce(0) { $0 + $1.utf8.count })
    }
  }

  @Test func outputPastTheStackBufferIsComplete() throws {
    let icu = ICUHarness()
    let long = String(repeating: "ä", count: ICUEvaluator.outputBufferSize)
    let message = "\(long){a} and {b, plural, one {# thing} other {# things}} {c}"
    let text = try icu.text(message, ["a": "👋", "b": 2, "c": .string(long)])
    #expect(text == "\(long)👋 and 2 things \(long)")
  }
}
