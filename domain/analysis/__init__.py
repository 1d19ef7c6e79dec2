"""Game analysis (issue #37): each step evaluated by rollouts from determinizations, each decision
judged from its player's information, an accuracy per player. Pure: seeded, no I/O.

``contract`` (what a kind gives: ``GamePlugin.analysis``), ``rollouts`` (the estimates), ``judging``
(a decision against its alternatives, the verdicts), ``accuracy`` (per player per game), ``game``
(``analyse``, ``steps``: a whole game, step by step, resumable). See ``docs/ANALYSIS.md``.
"""
