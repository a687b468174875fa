// The ResultImport module; see docs/ARCHITECTURE.md.
