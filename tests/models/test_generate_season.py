"""The season generator's bound on what a power whose deferring is restricted must spend on its naval charts
(models/generate_season.py `forced_continuing`, 27.7272)."""

from models.generate_season import forced_continuing


def us_charts(rate: int, deferring_allowed: bool = False) -> dict:
    """The U.S. with one yard: a capital ship in row 2 of the summer column, a destroyer in the summer
    Launch row, a cruiser in row 2 of the fall column and a capital ship in row 3 of the spring column."""
    chart = [
        {"id": "bb", "unit": "capital_ship", "factors": 3, "row": 2, "column": "summer"},
        {"id": "dd", "unit": "destroyer", "factors": 1, "row": "launch", "column": "summer"},
        {"id": "ca", "unit": "cruiser", "factors": 2, "row": 2, "column": "fall"},
        {"id": "bb2", "unit": "capital_ship", "factors": 4, "row": 3, "column": "spring"},
    ]
    yard = {"id": "us_pacific_box", "rate": rate, "chart": chart, "waiting_for_repair": []}
    return {"naval": {"shipyards": [yard], "deferring_allowed": deferring_allowed}}


def test_a_restricted_power_pays_at_most_a_continue_per_point_on_the_columns_reached():
    """27.7272 A: continuing costs 1 SB and 3 BRPs; C: without deferring a ship in the turn's column
    continues while its yard has points; D: the Launch row launches free. A season from summer: turn 1
    (the summer column) at most the row-2 capital ship, 3 BRPs; turn 2 (fall) the cruiser and the capital
    ship deferred into fall, within the yard's rate; the spring ship is reached in turn 4 only."""
    assert forced_continuing(us_charts(rate=1), "summer", 1) == 3
    assert forced_continuing(us_charts(rate=1), "summer", 2) == 3
    assert forced_continuing(us_charts(rate=2), "summer", 2) == 6
    assert forced_continuing(us_charts(rate=3), "summer", 3) == 6
    assert forced_continuing(us_charts(rate=3), "summer", 4) == 9


def test_a_power_that_may_defer_need_pay_nothing():
    """27.7272 C: a power that may defer defers every ship, so it need spend nothing on its charts."""
    assert forced_continuing(us_charts(rate=3, deferring_allowed=True), "summer", 4) == 0
    assert forced_continuing({}, "summer", 4) == 0
