// Loads nothing: every installed package is bloat.
