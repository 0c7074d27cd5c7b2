"""Quarry Kings' scoring: each player's gems (0 to 60) are their points; the report names the winner."""

from games.scoring import GameResult, per_side, require_member, whole_number


def score_game(report, context):
    gems = per_side(report.get("gems"), context.sides, "gems")
    points = {side: whole_number(gems[side], f"gems.{side}", 0, 60) for side in context.sides}
    winner = require_member(report.get("winner"), context.sides, "winner")
    return GameResult(points, winner)
