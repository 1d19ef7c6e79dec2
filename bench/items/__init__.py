"""One module per measured path of issue 6; each exposes ``ITEM``, ``TITLE`` and ``run(world, quick)``."""
