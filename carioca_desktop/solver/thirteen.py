"""The 13-card contracts (``ER``, ``ES``, ``EC``, ``EP``): how much of one a hand covers,
its outs, and laying it down."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from carioca_desktop.rules.cards import RANK_NAMES, SUIT_LETTERS

from .hand import _NONE, FACES, Melds, _escala_cap, _Hand, _rank_faces, _Rules


def _special_cover(h: _Hand, r: _Rules, special: str) -> tuple[int, list[int], list[int], int]:
    """Slots a 13-card contract gets from the hand: the cover, the faces held for it, the face
    each missing slot needs, and the wilds it takes."""
    best: tuple[int, list[int], list[int], int] = (_NONE, [], [], 0)
    for faces, wilds_ok in _special_options(h, r, special):
        filled = [f >= 0 for f in faces]
        cap = 0
        if wilds_ok:
            free = h.wilds - sum(1 for f in faces if f in r.wild2)
            cap = min(free, _escala_cap([not x for x in filled], r.lim(13), r.adjacent))
        if sum(filled) + cap > best[0]:
            held = [f for f in faces if f >= 0]
            best = (sum(filled) + cap, held, _special_missing(faces, cap, r), cap)
    return best


def _special_missing(faces: list[int], cap: int, r: _Rules) -> list[int]:
    """The holes that wilds do not fill (wilds go to the first holes they may take)."""
    missing: list[int] = []
    placed, prev_wild = 0, False
    for f in faces:
        if f >= 0:
            prev_wild = False
        elif placed < cap and (r.adjacent or not prev_wild):
            placed, prev_wild = placed + 1, True
        else:
            prev_wild = False
            missing.append(-2 - f)
    return missing


def _special_options(h: _Hand, r: _Rules, special: str) -> Iterator[tuple[list[int], bool]]:
    """Each reading of a 13-card contract: per rank A..K the face the hand holds for it, or
    ``-2 - face`` for a hole wanting that face; and whether wilds may fill holes."""
    counts = h.counts
    if special in ("ER", "ES"):
        suits = [(si,) for si in range(4)] if special == "ER" else [(0, 1, 2, 3)]
        for allowed in suits:
            yield [_held(counts, r, k, allowed) for k in range(13)], True
        return
    patterns = [[(k + start) % 2 for k in range(13)] for start in (0, 1)]
    if special == "EC":
        patterns = [[0] * 13, [1] * 13]
    for want in patterns:  # 0 black (S C), 1 red (H D)
        yield [_held(counts, r, k, (1, 2) if want[k] else (0, 3)) for k in range(13)], False


def _held(counts: Sequence[int], r: _Rules, k: int, suits: Sequence[int]) -> int:
    """A held face of rank index ``k`` in one of ``suits`` (a 2 that is not wild first)."""
    held = sorted((4 * k + s for s in suits if counts[4 * k + s]), key=lambda f: f in r.wild2)
    return held[0] if held else -2 - (4 * k + suits[0])


def _special_outs(h: _Hand, r: _Rules, special: str, cover: int) -> frozenset[str]:
    out: set[str] = set()
    for faces, wilds_ok in _special_options(h, r, special):
        filled = [f >= 0 for f in faces]
        cap = 0
        if wilds_ok:
            free = h.wilds - sum(1 for f in faces if f in r.wild2)
            room = _escala_cap([not x for x in filled], r.lim(13), r.adjacent)
            cap = min(free, room)
            if free < room and sum(filled) + cap == cover:
                out.update(["JK", *(FACES[f] for f in r.wild2)])
        if sum(filled) + cap != cover:
            continue
        for f in faces:
            if f >= 0:
                continue
            want = -2 - f
            if special == "ES":
                out.update(FACES[g] for g in _rank_faces(want // 4 + 1))
            elif special in ("EC", "EP"):
                pair = (1, 2) if want % 4 in (1, 2) else (0, 3)
                out.update(FACES[want // 4 * 4 + s] for s in pair)
            else:
                out.add(FACES[want])
    return frozenset(out)


def _special_laydown(h: _Hand, r: _Rules, fv: Sequence[int], jv: int) -> tuple[int, Melds] | None:
    """The best 13-card meld (ER, ES, EC, EP), A to K, ace low."""
    assert r.special is not None
    if r.special in ("EC", "EP"):
        return _colour_laydown(h, r, fv)
    best: tuple[int, Melds] | None = None
    for allowed in [(si,) for si in range(4)] if r.special == "ER" else [(0, 1, 2, 3)]:
        for two in [-1, *(4 + s for s in allowed if h.counts[4 + s])]:
            found = _line_laydown(h, r, fv, jv, allowed, two)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
    return best


def _line_laydown(
    h: _Hand, r: _Rules, fv: Sequence[int], jv: int, allowed: Sequence[int], two: int
) -> tuple[int, Melds] | None:
    """ER or ES with the 2 slot held by the natural ``two`` (or a wild when -1)."""
    nat: list[tuple[int, int] | None] = []
    for k in range(13):
        faces = [4 * k + s for s in allowed if h.counts[4 * k + s]]
        if k == 1:
            faces = [two] if two >= 0 else []
        else:
            faces.sort(key=lambda f: (-fv[f], f))
        nat.append((fv[faces[0]], faces[0]) if faces else None)
    pool = [(jv, "JK")] * h.jokers
    for f in r.wild2:
        pool += [(fv[f], FACES[f])] * (h.counts[f] - (f == two))
    pool.sort(key=lambda p: (-p[0], p[1]))
    best: tuple[int, Melds] | None = None
    for w, (value, wild) in _line_dp([n[0] if n else None for n in nat], r).items():
        if w > len(pool):
            continue
        total = value + sum(p[0] for p in pool[:w])
        if best is None or total > best[0]:
            codes, spare = [], [p[1] for p in pool[:w]]
            for k, (is_wild, n) in enumerate(zip(wild, nat)):
                if is_wild:
                    suit = SUIT_LETTERS[allowed[0]] if len(allowed) == 1 else ""
                    codes.append(f"{spare.pop(0)}={RANK_NAMES[k]}{suit}")
                else:
                    assert n is not None
                    codes.append(FACES[n[1]])
            best = (total, [codes])
    return best


def _line_dp(nat: Sequence[int | None], r: _Rules) -> dict[int, tuple[int, tuple[bool, ...]]]:
    """For each count of wilds, the most natural value over slots in a line, and which slots
    the wilds take (holes must; two wilds never side by side unless allowed)."""
    lim = r.lim(len(nat))
    states: dict[tuple[int, bool], tuple[int, tuple[bool, ...]]] = {(0, False): (0, ())}
    for v in nat:
        nxt: dict[tuple[int, bool], tuple[int, tuple[bool, ...]]] = {}
        for (w, prev), (val, path) in states.items():
            moves = [] if v is None else [((w, False), (val + v, (*path, False)))]
            if w < lim and (r.adjacent or not prev):
                moves.append(((w + 1, True), (val, (*path, True))))
            for key, cand in moves:
                if key not in nxt or cand[0] > nxt[key][0]:
                    nxt[key] = cand
        states = nxt
    out: dict[int, tuple[int, tuple[bool, ...]]] = {}
    for (w, _), cand in sorted(states.items()):
        if w not in out or cand[0] > out[w][0]:
            out[w] = cand
    return out


def _colour_laydown(h: _Hand, r: _Rules, fv: Sequence[int]) -> tuple[int, Melds] | None:
    """EC (one colour) or EP (colours alternating): naturals only."""
    best: tuple[int, Melds] | None = None
    for faces, _ in _special_options(h, r, r.special or ""):
        if any(f < 0 for f in faces):
            continue
        value = sum(fv[f] for f in faces)
        if best is None or value > best[0]:
            best = (value, [[FACES[f] for f in faces]])
    return best
