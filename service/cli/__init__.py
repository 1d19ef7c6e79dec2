"""The ``banquise`` command line (top layer)."""
