"""A mkdocs hook: the READMEs that live beside their code (the games' rules, the read models) as pages.

They stay where their code is, and are edited there; the site shows each as it is at build time.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

# page in the site -> the README it shows (relative to the repository root)
PAGES = {
    "development/rules-arctic.md": "domain/arctic/README.md",
    "development/rules-arctica.md": "domain/arctica/README.md",
    "development/read-models.md": "projections/README.md",
}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    root = Path(config.config_file_path).parent
    for uri, source in PAGES.items():
        text = (root / source).read_text(encoding="utf-8")
        note = f"\n\n*This page is `{source}`, shown as it is in the repository.*\n"
        files.append(File.generated(config, uri, content=text.rstrip() + note))
    return files
