"""Keep the selftest's screenshots, or compare two folders of them pixel by pixel.

`python tools/shotdiff.py keep DIR` runs `carioca --selftest` and keeps its screenshots in DIR
(the selftest itself deletes its temporary home); `python tools/shotdiff.py compare A B` says
which PNGs differ (size or any pixel) and exits 1 if one does. Used to check that a
restructuring leaves every screen as it was.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path


def keep(folder: Path) -> int:
    """Run the selftest with its home in `folder`, left in place afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    tempfile.mkdtemp = lambda *a, **k: str(folder)  # type: ignore[assignment]
    shutil.rmtree = lambda *a, **k: None  # type: ignore[assignment]
    from carioca_desktop.selftest import main

    return main()


def compare(a: Path, b: Path) -> int:
    """Print every PNG that differs between the two folders; 1 when one does."""
    import pygame

    names = sorted({p.name for p in a.glob("*.png")} | {p.name for p in b.glob("*.png")})
    bad = 0
    for name in names:
        pa, pb = a / name, b / name
        if not (pa.exists() and pb.exists()):
            print(f"missing: {name}")
            bad += 1
            continue
        sa, sb = pygame.image.load(str(pa)), pygame.image.load(str(pb))
        same = sa.get_size() == sb.get_size() and pygame.image.tobytes(
            sa, "RGBA"
        ) == pygame.image.tobytes(sb, "RGBA")
        if not same:
            print(f"differs: {name}")
            bad += 1
    print(f"{len(names)} screenshots, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["keep"]:
        sys.exit(keep(Path(sys.argv[2])))
    sys.exit(compare(Path(sys.argv[2]), Path(sys.argv[3])))
