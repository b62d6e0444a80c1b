"""Packaging: every package of the source tree is listed in pyproject.toml (so an installed
wheel, and the executable built from it, carries the whole game), the Linux .deb's contents,
and the files the Windows and macOS installers are made from."""

from __future__ import annotations

import importlib.util
import re
import shutil
import struct
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; 3.10 has no TOML reader

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_installed_by_pyproject() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "carioca_desktop").rglob("__init__.py")
    }
    assert found <= listed, sorted(found - listed)


def _deb_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deb", ROOT / "tools" / "package" / "deb.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="needs dpkg-deb (Debian, Ubuntu)")
def test_the_deb_puts_the_program_its_menu_entry_and_every_icon_size_in_place(
    tmp_path: Path,
) -> None:
    exe = tmp_path / "carioca"
    exe.write_bytes(b"#!/bin/sh\necho carioca\n")
    deb = _deb_tool().build(exe, tmp_path / "out", "1.2.3")
    assert deb.name.startswith("carioca_1.2.3_") and deb.suffix == ".deb"
    listing = subprocess.run(
        ["dpkg-deb", "--contents", str(deb)], check=True, capture_output=True, text=True
    ).stdout
    modes = {line.split()[-1].lstrip("."): line.split()[0] for line in listing.splitlines()}
    assert modes["/usr/bin/carioca"] == "-rwxr-xr-x"
    assert all(" root/root " in line for line in listing.splitlines())
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        assert f"/usr/share/icons/hicolor/{size}x{size}/apps/carioca.png" in modes
    extract = tmp_path / "x"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(extract)], check=True)
    entry = (extract / "usr/share/applications/carioca.desktop").read_text(encoding="utf-8")
    assert "Exec=carioca\n" in entry and "Icon=carioca\n" in entry
    assert "Categories=Game;CardGame;" in entry
    icon = extract / "usr/share/icons/hicolor/48x48/apps/carioca.png"
    assert icon.read_bytes().startswith(b"\x89PNG")
    assert struct.unpack(">II", icon.read_bytes()[16:24]) == (48, 48)  # drawn at its size
    control = subprocess.run(
        ["dpkg-deb", "--field", str(deb), "Package", "Version", "Section"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert control.split() == ["Package:", "carioca", "Version:", "1.2.3", "Section:", "games"]


def test_the_installers_point_at_files_the_build_makes() -> None:
    iss = (ROOT / "packaging" / "windows" / "carioca.iss").read_text(encoding="utf-8")
    icon = re.search(r"^SetupIconFile=(.+)$", iss, re.M)
    assert icon is not None
    assert (ROOT / "packaging" / "windows" / icon.group(1).replace("\\", "/")).is_file()
    assert 'Source: "..\\..\\dist\\{#AppExe}"' in iss and '#define AppExe "carioca.exe"' in iss
    assert "{uninstallexe}" in iss and "{group}" in iss  # uninstaller, Start-menu entry
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"NSHighResolutionCapable": True' in spec and "COLLECT(" in spec
