// Placeholder for the MessagevisorICU target; replaced by its implementation.
