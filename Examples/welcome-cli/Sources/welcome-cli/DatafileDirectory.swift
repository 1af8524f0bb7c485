import Foundation
import Messagevisor

/// Reads the datafiles an app ships or downloads: every `*.json` file of a directory.
enum DatafileDirectory {
  /// The datafiles under `path` in file-name order, or an error that names the file.
  static func load(_ path: String) throws(WelcomeError) -> [DatafileContent] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw WelcomeError("\(path): cannot list the directory (\(error.localizedDescription))")
    }
    var datafiles: [DatafileContent] = []
    for name in names.sorted() where name.hasSuffix(".json") {
      let file = path + "/" + name
      do {
        datafiles.append(try DatafileContent.fromData(Data(contentsOf: URL(fileURLWithPath: file))))
      } catch {
        throw WelcomeError("\(file): not a datafile (\(error))")
      }
    }
    guard !datafiles.isEmpty else { throw WelcomeError("\(path): no datafile (*.json) found") }
    return datafiles
  }
}
