// The ResultRecorder module; see docs/ARCHITECTURE.md.
