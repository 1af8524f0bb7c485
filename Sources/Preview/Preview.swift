// Placeholder for the Preview target; replaced by its implementation.
