import Messagevisor
import MessagevisorICU
import MessagevisorInterpolation

/// The modules a project run installs.
public enum ProjectModules {
  /// Whether this build contains the ICU module.
  public static let icuAvailable = false
  /// Whether this build contains the interpolation module.
  public static let interpolationAvailable = true

  /// The modules for a run: ICU first, then interpolation (upstream's order).
  public static func make(icu: Bool, interpolation: Bool) -> [MessagevisorModule] {
    var modules: [MessagevisorModule] = []
    // `createICUModule` is merged separately; until it is on main the ICU module is not installed
    // and the test command warns (see `icuAvailable`).
    if interpolation { modules.append(createInterpolationModule()) }
    return modules
  }
}
