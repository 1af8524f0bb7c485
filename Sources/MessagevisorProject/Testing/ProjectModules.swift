import Messagevisor
import MessagevisorICU
import MessagevisorInterpolation

/// The modules a project run installs.
public enum ProjectModules {
  /// Whether this build contains the ICU module.
  public static let icuAvailable = true
  /// Whether this build contains the interpolation module.
  public static let interpolationAvailable = true

  /// The modules for a run: ICU first, then interpolation (upstream's order).
  public static func make(icu: Bool, interpolation: Bool) -> [MessagevisorModule] {
    var modules: [MessagevisorModule] = []
    if icu { modules.append(createICUModule()) }
    if interpolation { modules.append(createInterpolationModule()) }
    return modules
  }
}
