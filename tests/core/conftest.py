import pytest

from ratking.core import registry

from .toy import Toy


@pytest.fixture
def toy():
    """The toy game, registered for the duration of a test (so records of it replay)."""
    registry._load()
    registry._GAMES[Toy.id] = Toy
    yield Toy
    registry._GAMES.pop(Toy.id, None)
