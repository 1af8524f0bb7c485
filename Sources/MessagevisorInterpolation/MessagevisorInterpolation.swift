// Placeholder for the MessagevisorInterpolation target; replaced by its implementation.
