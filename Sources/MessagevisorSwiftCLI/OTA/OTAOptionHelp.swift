/// The help texts of the options `ota check` and `ota show` share.
enum OTAOptionHelp {
  static let site = "Read the manifest and payloads from a local site directory."
  static let publishId = "OTA publish id (required with --base-url; optional with --site)."
  static let cache = "Cache directory (default: $XDG_DATA_HOME/ReRune/<sha256 of the publish id>)."
  static let timeout = "Per-request timeout (default 10)."
}
