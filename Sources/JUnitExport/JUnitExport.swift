// The JUnitExport module; see docs/ARCHITECTURE.md.
