import Messagevisor
import MessagevisorICU
import MessagevisorInterpolation

/// The modules a project run installs.
public enum ProjectModules {
  /// Whether this build contains the ICU module.
  public static let icuAvailable = false
  /// Whether this build contains the interpolation module.
  public static let interpolationAvailable = false

  /// The modules for a run: ICU first, then interpolation (upstream's order).
  public static func make(icu: Bool, interpolation: Bool) -> [MessagevisorModule] {
    // `createICUModule` and `createInterpolationModule` are merged separately; until they are on
    // main no module is installed and the test command warns (see `icuAvailable`).
    []
  }
}
