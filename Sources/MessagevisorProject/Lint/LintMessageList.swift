/// The messages lint looks at, in key order, as positions in the project's own dictionary: a
/// message is read from the project when it is checked instead of being copied into a list of
/// its own (20,000 messages of a few hundred bytes each at scale, alive while the previewer
/// builds its locales).
struct LintMessageList: RandomAccessCollection, Sendable {
  /// The project's messages.
  let all: [String: ProjectMessage]
  /// The positions of the listed messages in ``all``, in key order.
  let order: ContiguousArray<Dictionary<String, ProjectMessage>.Index>

  /// The messages of `all` that `isIncluded` keeps, in key order.
  init(_ all: [String: ProjectMessage], where isIncluded: (ProjectMessage) -> Bool) {
    self.all = all
    var order = ContiguousArray<Dictionary<String, ProjectMessage>.Index>()
    order.reserveCapacity(all.count)
    for index in all.indices where isIncluded(all.values[index]) { order.append(index) }
    let keys = all.keys
    order.sort { keys[$0] < keys[$1] }
    self.order = order
  }

  /// An empty list.
  init() {
    all = [:]
    order = []
  }

  var startIndex: Int { 0 }
  var endIndex: Int { order.count }

  subscript(position: Int) -> ProjectMessage { all.values[order[position]] }
}
