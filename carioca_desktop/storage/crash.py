"""Crash reports and the rotating log file, both in the logs folder."""

from __future__ import annotations

import contextlib
import logging
import os
import platform
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path

import carioca_desktop
from carioca_desktop.storage.paths import Paths, default_paths

LOG_NAME = "carioca.log"
LOG_BYTES = 1024 * 1024
LOG_BACKUPS = 3
KEEP_REPORTS = 20  # older crash reports are deleted so a crash loop cannot fill the disk
_HANDLER_NAME = "carioca-file"


def write_crash_report(
    exc: BaseException, context: dict[str, str] | None = None, paths: Paths | None = None
) -> Path:
    """Write a text report of ``exc`` to the logs folder (or the temp folder); never raises."""
    try:
        text = crash_text(exc, context)
    except Exception:  # even formatting can fail (a broken __str__); keep what we can
        text = f"{type(exc).__name__} (report could not be formatted)\n"
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    makers: tuple[Callable[[], Path], ...] = (partial(_logs_folder, paths), _private_temp_folder)
    for make_folder in makers:
        folder = None
        try:
            folder = make_folder()
            target = folder / name
            _write_new(target, text)
        except Exception:
            if folder is not None and folder.name.startswith(_TEMP_PREFIX):
                with contextlib.suppress(OSError):
                    folder.rmdir()  # made for this report, which could not be written
            continue
        _prune_reports(folder)
        return target
    print(text, file=sys.stderr)  # nowhere to write: the terminal is the last resort
    return Path(tempfile.gettempdir()) / name


def _write_new(target: Path, text: str) -> None:
    """Create ``target`` (never through a symlink or over an existing file) and write it."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(target, flags, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as handle:
        handle.write(text)


def crash_text(exc: BaseException, context: dict[str, str] | None = None) -> str:
    lines = [
        f"Carioca {carioca_desktop.__version__} crashed at {time.strftime('%Y-%m-%d %H:%M:%S')}",
        f"platform: {platform.platform()}",
        f"python: {sys.version.replace(chr(10), ' ')} ({sys.executable})",
        f"frozen: {bool(getattr(sys, 'frozen', False))}",
    ]
    lines += [f"{key}: {value}" for key, value in sorted((context or {}).items())]
    lines.append("")
    lines += traceback.format_exception(type(exc), exc, exc.__traceback__)
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


_TEMP_PREFIX = "carioca-crash-"


def _logs_folder(paths: Paths | None) -> Path:
    folder = (paths or default_paths()).logs_dir
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _private_temp_folder() -> Path:
    """Made only when the logs folder cannot take the report (so no crash leaves an empty
    folder behind): a fresh private folder (mode 0700, a name no one can plant a symlink
    at), never a fixed /tmp path another user could prepare."""
    Path(tempfile.gettempdir()).mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=_TEMP_PREFIX))


def _prune_reports(folder: Path) -> None:
    with contextlib.suppress(OSError):
        reports = sorted(folder.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
        for old in reports[:-KEEP_REPORTS]:
            old.unlink()


def setup_logging(paths: Paths | None = None, level: int = logging.INFO) -> None:
    """Send log records to a rotating ``carioca.log`` in the logs folder (stderr if it cannot
    be opened). Calling it again replaces the earlier file handler rather than adding one."""
    root = logging.getLogger()
    root.setLevel(level)
    for handler in [h for h in root.handlers if h.get_name() == _HANDLER_NAME]:
        root.removeHandler(handler)
        handler.close()
    handler = _file_handler(paths)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def _file_handler(paths: Paths | None) -> logging.Handler:
    try:
        folder = (paths or default_paths()).logs_dir
        folder.mkdir(parents=True, exist_ok=True)
        return RotatingLog(folder / LOG_NAME, LOG_BYTES, LOG_BACKUPS)
    except OSError:
        return logging.StreamHandler(sys.stderr)


class RotatingLog(logging.FileHandler):
    """A log file that moves to ``.1`` (``.1`` to ``.2``...) before it would pass
    ``max_bytes``, keeping ``backups`` old files: logging.handlers.RotatingFileHandler's
    rotation without importing logging.handlers (socket, pickle...: ~6 ms at every start)."""

    failed = False

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes, self.backups = max_bytes, backups

    def handleError(self, record: logging.LogRecord) -> None:
        """A full disk (or a log file that vanished) is said once, in one line on stderr; the
        game goes on, and no logging traceback is printed for every record after it."""
        if not self.failed:
            self.failed = True
            err = sys.exc_info()[1]
            reason = getattr(err, "strerror", None) or type(err).__name__
            with contextlib.suppress(Exception):
                sys.stderr.write(f"carioca: cannot write the log file ({reason}); log lost\n")

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self.stream is not None and self.max_bytes > 0:
                size = len(f"{self.format(record)}\n".encode("utf-8", "backslashreplace"))
                if self.stream.tell() + size > self.max_bytes:
                    self._rotate()
        except Exception:
            self.handleError(record)
            return
        super().emit(record)

    def _rotate(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        base = self.baseFilename
        for k in range(self.backups - 1, 0, -1):
            if os.path.exists(f"{base}.{k}"):
                os.replace(f"{base}.{k}", f"{base}.{k + 1}")
        if self.backups > 0 and os.path.exists(base):
            os.replace(base, f"{base}.1")
        self.stream = self._open()
