"""Names a package exports but loads on first use (PEP 562): a package's ``__getattr__``
calls ``load``, so importing one small part of it does not load the rest."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, MutableMapping
from typing import Any


def load(package: str, homes: Mapping[str, str], name: str, space: MutableMapping[str, Any]) -> Any:
    """``name`` from the module ``homes`` says it lives in (relative to ``package``), kept in
    the package's namespace ``space`` so the next lookup is a plain attribute."""
    home = homes.get(name)
    if home is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, package), name)
    space[name] = value
    return value
