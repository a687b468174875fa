// The TerminalEmulation module; see docs/ARCHITECTURE.md.
