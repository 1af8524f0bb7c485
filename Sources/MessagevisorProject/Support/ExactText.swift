/// A `String` as a dictionary key by its exact UTF-8 bytes: hashing and comparing skip the
/// Unicode normalization a `String` key costs (most of a lookup for non-Latin text). Two texts
/// in different normalization forms are different keys; use it for memos, where a miss only
/// costs recomputing.
struct ExactText: Hashable {
  let text: String

  init(_ text: String) { self.text = text }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    lhs.text.utf8.elementsEqual(rhs.text.utf8)
  }
}
