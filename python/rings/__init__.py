# The Python module `rings`: the compiled extension rings._rings (python/rings_module.cpp), whose
# names all belong to this package. The package form carries the type stubs (__init__.pyi, with
# py.typed: PEP 561).
from rings._rings import *  # noqa: F401,F403
from rings._rings import MAX_HINTS, MAX_RINGS, __doc__, __version__  # noqa: F401
from rings import _rings

__all__ = ["Move", "Reason", "Solution", "State", "at", "count", "distance", "hint", "judge",
           "plan", "puzzles", "rank", "solve", "table", "unrank", "verify", "why_illegal",
           "why_legal", "MAX_HINTS", "MAX_RINGS"]


def _unpickle_state(rings, words):
    """The State that State.__reduce__ pickled (a Python function: pickle names it)."""
    return _rings._unpickle_state(rings, words)
