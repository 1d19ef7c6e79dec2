"""The ``banquise`` subcommands beyond ``serve``: keys, simulate, import, export."""
