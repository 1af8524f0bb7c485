// Placeholder for the TerminalUI target; replaced by its implementation.
