"""``python -m carioca_desktop.conformance PATH...``: runs the rule vectors of both games."""

from __future__ import annotations

import sys

from carioca_desktop.conformance import main

sys.exit(main())
