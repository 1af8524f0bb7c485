// Placeholder for the ReRune target; replaced by its implementation.
