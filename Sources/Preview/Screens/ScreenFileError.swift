import MessagevisorProject

/// A problem in a screen file, with its position: `previews/welcome.yml:12:5: …`. Screen files are
/// YAML read with the project's reader, so their problems are the reader's positioned error type.
public typealias ScreenFileError = YAMLError
