"""`Position.answer`: the best plan of a turn position, solved once, with the what-ifs `awaw plan`, the web
page and a one-turn season ask of it. The position is the bundled season's turn alone: six corps, 84.0
(27.11 B, 27.35 A and D, 27.331 B; tests/optimizer/season/test_bundled.py)."""

import pytest

from models.io import InputError, load_scenario
from optimizer.planners.position import Position
from optimizer.turn.built import Built
from optimizer.turn.decision_forms import parse_decision
from optimizer.turn.tolerance import parse_tolerance
from tests.optimizer.season.test_bundled import SEASON, armor


def position() -> Position:
    return Position(load_scenario(SEASON).model_copy(update={"season": None}))


def test_asked_nothing_the_model_is_solved_itself():
    """No what-if: the model itself is solved, not a copy (the one-call solve), and the plan has none."""
    asked = position()
    solved = asked.answer()
    assert solved.plan is not None and solved.objective == 84.0 and armor(solved.plan) == 6
    assert asked.spent
    assert solved.plan.why is None and solved.plan.why_not is None and solved.plan.alternatives is None


def test_the_what_ifs_are_those_of_the_position_kept_for_them():
    """--why, --why-not and --alternatives (5% when no tolerance is given) as the position's own methods
    answer them on its kept model, after one solve."""
    mine = position()
    answered = mine.answer(
        why=True, why_not=[parse_decision("--why-not", "germany:armor-4-6")], alternatives=2
    )
    stepwise = position()
    best = stepwise.solve(keep=True)
    stepwise.explain(best, True, [parse_decision("--why-not", "germany:armor-4-6")])
    assert best.plan is not None
    best.plan.alternatives = [
        alternative for alternative, _ in stepwise.alternatives(best, 2, parse_tolerance("5%"))
    ]
    assert not mine.spent
    assert answered.plan is not None and answered.plan.why and answered.plan.why_not
    assert answered.plan.alternatives and answered.plan == best.plan


def test_a_why_not_naming_what_the_position_lacks_is_refused_before_any_solve(monkeypatch):
    solves: list[bool] = []
    real = Built.solve
    monkeypatch.setattr(Built, "solve", lambda self, *a, **k: solves.append(True) or real(self, *a, **k))
    with pytest.raises(InputError, match="no force pool entry 'panzer' for germany"):
        position().answer(why_not=[parse_decision("--why-not", "germany:panzer")])
    assert solves == []
