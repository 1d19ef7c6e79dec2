"""Stored events keep the topics they were written under: the classes that moved with the layers
(``service/store`` → ``service/base/store``) still read the rows stored before."""

from __future__ import annotations

import pytest
from eventsourcing.utils import resolve_topic

from service.base.store.admin import GameAbandoned, GameUnvoided, GameVoided
from service.base.store.aliases import HandleRenamed, HandlesMerged
from service.base.store.corrections import MovesTakenBack


@pytest.mark.parametrize(
    ("topic", "cls"),
    [
        ("service.admin.events:GameVoided", GameVoided),
        ("service.store.admin:GameVoided", GameVoided),
        ("service.store.admin:GameUnvoided", GameUnvoided),
        ("service.store.admin:GameAbandoned", GameAbandoned),
        ("service.store.aliases:HandleRenamed", HandleRenamed),
        ("service.store.aliases:HandlesMerged", HandlesMerged),
        ("service.store.corrections:MovesTakenBack", MovesTakenBack),
    ],
)
def test_an_old_topic_still_names_its_class(topic: str, cls: type) -> None:
    assert resolve_topic(topic) is cls
