"""Installs the loopback-only guard in every Python process a network test starts."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.fixtures.loopback_guard import install_loopback_guard

install_loopback_guard()
