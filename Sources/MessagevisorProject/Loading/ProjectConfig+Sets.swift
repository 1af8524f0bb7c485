import Foundation

extension ProjectConfig {
  /// The sets of the project at `directory`: the folders under `sets/`, sorted (hidden ones
  /// skipped); empty when there is no `sets/` folder.
  public static func setNames(projectDirectory directory: String) -> [String] {
    let setsDirectory = (directory as NSString).appendingPathComponent("sets")
    let manager = FileManager.default
    let names = (try? manager.contentsOfDirectory(atPath: setsDirectory)) ?? []
    return names.filter { name in
      var isDirectory: ObjCBool = false
      return !name.hasPrefix(".")
        && manager.fileExists(
          atPath: (setsDirectory as NSString).appendingPathComponent(name),
          isDirectory: &isDirectory)
        && isDirectory.boolValue
    }.sorted()
  }
}
