"""Sentences of two aligned rules, paired in order (plain Python).

Sentences end with . ! ? or ; followed by a space ("i.e.," and "4+" do not end one). They are paired
by an order-preserving alignment that allows one sentence to be translated as two and two as one
(Gale and Church's moves), scored on length against the document's usual length ratio and on the
numbers each states. A sentence left without a partner was dropped or added.
"""

import math
import re

_END = re.compile(r"(?<=[.!?;])[\"'”’»)]*\s+(?=\S)")
_DIGIT = re.compile(r"\d+")
SKIP_COST = 2.4
MERGE_COST = 0.6
NUMBER_COST = 1.5
LENGTH_WEIGHT = 4
MIN_RATIO_SAMPLES = 5


def split(text):
    return [part.strip() for part in _END.split(text) if part.strip()]


def pair(reference, translation, ratio=1.0):
    """[(reference sentences, translation sentences)] in order; a side is empty for a dropped sentence."""
    rows, columns = len(reference), len(translation)
    best = [[math.inf] * (columns + 1) for _ in range(rows + 1)]
    move = [[None] * (columns + 1) for _ in range(rows + 1)]
    best[0][0] = 0.0
    for i in range(rows + 1):
        for j in range(columns + 1):
            if best[i][j] == math.inf:
                continue
            for di, dj in ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2)):
                if i + di > rows or j + dj > columns:
                    continue
                cost = best[i][j] + _cost(reference[i : i + di], translation[j : j + dj], ratio)
                if cost < best[i + di][j + dj]:
                    best[i + di][j + dj], move[i + di][j + dj] = cost, (di, dj)
    return _trace(move, reference, translation)


def _cost(ours, theirs, ratio):
    if not ours or not theirs:
        return SKIP_COST
    length_ours = sum(len(s) for s in ours) * ratio
    length_theirs = sum(len(s) for s in theirs)
    cost = abs(math.log((length_theirs + 10) / (length_ours + 10))) * LENGTH_WEIGHT
    if sorted(_DIGIT.findall(" ".join(ours))) != sorted(_DIGIT.findall(" ".join(theirs))):
        cost += NUMBER_COST
    return cost + (MERGE_COST if len(ours) + len(theirs) > 2 else 0.0)


def _trace(move, reference, translation):
    i, j, pairs = len(reference), len(translation), []
    while i or j:
        di, dj = move[i][j]
        pairs.append((reference[i - di : i], translation[j - dj : j]))
        i, j = i - di, j - dj
    return pairs[::-1]


def usual_ratio(pairs_of_texts):
    """The median length ratio translation / reference over aligned texts (1.0 with fewer than five)."""
    ratios = sorted(len(theirs) / len(ours) for ours, theirs in pairs_of_texts if ours and theirs)
    return ratios[len(ratios) // 2] if len(ratios) >= MIN_RATIO_SAMPLES else 1.0
