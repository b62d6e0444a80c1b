"""Builds the Linux .deb from the PyInstaller one-file executable: the program as
/usr/bin/carioca, its menu entry (Game;CardGame;) and its icon in every hicolor size.

    python tools/package/deb.py --exe dist/carioca [--out dist] [--version X.Y.Z]

Prints the path of the .deb it wrote. Needs dpkg-deb (Debian, Ubuntu). The icon cache and the
menu are refreshed by the hicolor and desktop-file-utils triggers, so the package needs no
maintainer scripts, and ``dpkg --purge carioca`` leaves nothing behind.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the icon is drawn, never shown

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.art.icon import DESKTOP_ENTRY, draw_icon, png_bytes  # noqa: E402

PACKAGE = "carioca"
HICOLOR = (16, 22, 24, 32, 48, 64, 128, 256, 512)
CONTROL = """\
Package: {package}
Version: {version}
Architecture: {arch}
Maintainer: The Carioca developers <{maintainer}>
Installed-Size: {size_kb}
Section: games
Priority: optional
Description: Carioca and Buraco, rummy card games
 Carioca (Chilean contract rummy) and Buraco against computer opponents or
 friends on the local network, in Spanish, English, French, Swedish,
 Portuguese and Italian.
"""
COPYRIGHT = """\
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: carioca
Files: *
Copyright: The Carioca developers
License: MIT
"""


def project_version() -> str:
    """The installed package's version (the one the executable reports), else pyproject's."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("carioca-desktop")
    except PackageNotFoundError:
        import tomllib  # Python 3.11+

        data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        return str(data["project"]["version"])


def stage(root: Path, exe: Path) -> None:
    """Lay the package's files out under ``root`` as they land on the disk."""
    program = root / "usr" / "bin" / PACKAGE
    program.parent.mkdir(parents=True)
    shutil.copyfile(exe, program)
    program.chmod(0o755)
    apps = root / "usr" / "share" / "applications"
    apps.mkdir(parents=True)
    (apps / f"{PACKAGE}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
    import pygame

    pygame.font.init()  # the cards' indices are drawn with the game's fonts
    for size in HICOLOR:
        folder = root / "usr" / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True)
        (folder / f"{PACKAGE}.png").write_bytes(png_bytes(draw_icon(size)))
    doc = root / "usr" / "share" / "doc" / PACKAGE
    doc.mkdir(parents=True)
    (doc / "copyright").write_text(COPYRIGHT, encoding="utf-8")


def control(root: Path, version: str) -> str:
    arch = subprocess.run(
        ["dpkg", "--print-architecture"], check=True, capture_output=True, text=True
    ).stdout.strip()
    size = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    maintainer = os.environ.get("DEBEMAIL", "carioca@example.org")  # no address is kept yet
    return CONTROL.format(
        package=PACKAGE, version=version, arch=arch, size_kb=-(-size // 1024), maintainer=maintainer
    )


def build(exe: Path, out: Path, version: str) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        stage(root, exe)
        text = control(root, version)
        (root / "DEBIAN").mkdir()
        (root / "DEBIAN" / "control").write_text(text, encoding="utf-8")
        for path in root.rglob("*"):  # whatever the umask: 755 folders, 644 files
            if path != root / "usr" / "bin" / PACKAGE:
                path.chmod(0o755 if path.is_dir() else 0o644)
        out.mkdir(parents=True, exist_ok=True)
        target = out / f"{PACKAGE}_{version}_{text.split('Architecture: ')[1].split()[0]}.deb"
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(root), str(target)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe", type=Path, required=True, help="the one-file executable")
    parser.add_argument("--out", type=Path, default=Path("dist"))
    parser.add_argument("--version", default=None, help="default: pyproject.toml's")
    args = parser.parse_args(argv)
    if not args.exe.is_file():
        parser.error(f"no executable at {args.exe}")
    print(build(args.exe, args.out, args.version or project_version()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
