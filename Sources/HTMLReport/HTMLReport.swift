// The HTMLReport module; see docs/ARCHITECTURE.md.
