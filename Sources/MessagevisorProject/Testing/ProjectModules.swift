import Messagevisor
import MessagevisorICU
import MessagevisorInterpolation

/// The modules a project run installs.
public enum ProjectModules {
  /// Whether this build contains the ICU module (always true now; kept for callers that gate on it).
  public static let icuAvailable = true
  /// Whether this build contains the interpolation module (always true now).
  public static let interpolationAvailable = true

  /// The modules for a run: ICU first, then interpolation (upstream's order). Install only what
  /// the project enables: interpolation after ICU would process quoted placeholders again.
  public static func make(icu: Bool, interpolation: Bool) -> [MessagevisorModule] {
    var modules: [MessagevisorModule] = []
    if icu { modules.append(createICUModule()) }
    if interpolation { modules.append(createInterpolationModule()) }
    return modules
  }
}
