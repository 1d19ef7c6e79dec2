"""``make bench``: every hot path of Banquise measured against a physical baseline of the same run.

Run from the repository root: ``python -m bench`` (everything), ``python -m bench --quick`` (a fast
smoke run), ``python -m bench import replay`` (selected items). Results: ``bench/results/latest.md``,
``bench/results/latest.json`` and the table of docs/development/benchmarks.md.
"""
