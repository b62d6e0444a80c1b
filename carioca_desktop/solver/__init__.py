"""The lay-down solver (for bots and the Auto button): not rules, a search over hands."""

from .search import *  # noqa: F403
