"""Pure game rules for Banquise: no I/O, no clock, no framework, no eventsourcing import."""
