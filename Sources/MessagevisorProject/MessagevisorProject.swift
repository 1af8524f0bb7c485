// Placeholder for the MessagevisorProject target; replaced by its implementation.
