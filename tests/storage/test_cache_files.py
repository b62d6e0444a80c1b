"""The cache files go through the same guarded reader as settings, saves and statistics (issue
29 item 6): a FIFO, a link to a device, a folder or a huge file where a kept picture or the
kept shapes should be is not read (no hang, no memory grown), and the start goes on by
drawing afresh."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from carioca_desktop.storage.jsonio import map_capped, open_regular, read_capped
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.ui import picturecache as diskcache
from carioca_desktop.ui import shapecache
from carioca_desktop.ui.theme import make_manager

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
GiB = 1024**3


def _fifo(path: Path) -> None:
    os.mkfifo(path)  # no writer: a blocking open or read would hang the start


def _device(path: Path) -> None:
    path.symlink_to("/dev/zero")  # endless bytes: a plain read grows without end


def _folder(path: Path) -> None:
    path.mkdir()


def _huge(path: Path) -> None:
    with path.open("wb") as handle:
        handle.truncate(3 * GiB)  # sparse: 3 GB claimed, nothing on disk


HOSTILE: dict[str, Callable[[Path], None]] = {
    "fifo": _fifo,
    "device": _device,
    "folder": _folder,
    "huge": _huge,
}
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")


@pytest.fixture
def cache_home(tmp_path: Path) -> Iterator[Path]:
    pygame.init()
    pygame.display.set_mode((400, 120))
    diskcache.set_folder(tmp_path)
    shapecache._kept.clear()
    yield tmp_path
    diskcache.set_folder(None)
    shapecache._kept.clear()
    pygame.quit()


@posix_only
@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_the_guarded_reader_refuses_what_is_not_a_small_regular_file(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "file"
    HOSTILE[kind](path)
    with pytest.raises(FileProblem) as caught:
        read_capped(path, 1024)
    assert caught.value.problem == ("too_large" if kind == "huge" else "not_a_file")
    with pytest.raises(FileProblem):
        map_capped(path, 1024)
    if kind != "huge":
        with pytest.raises(FileProblem):
            os.close(open_regular(path))


@posix_only
@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_kept_picture_is_drawn_afresh(cache_home: Path, kind: str) -> None:
    path = diskcache._file("test", ("key", kind))
    assert path is not None
    HOSTILE[kind](path)
    drawn = pygame.Surface((8, 8))
    drawn.fill((200, 10, 10))
    got = diskcache.kept("test", ("key", kind), lambda: drawn)
    assert got is drawn  # not read: drawn again


@posix_only
@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_kept_shapes_are_not_read(cache_home: Path, kind: str) -> None:
    path = shapecache._file()
    assert path is not None
    HOSTILE[kind](path)
    assert shapecache.preload(make_manager((400, 120))) == 0
