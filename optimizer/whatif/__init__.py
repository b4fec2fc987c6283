"""What-ifs on a turn plan: what binds and what one more is worth (`why`), the price of a decision the plan
leaves out (`why_not`), the next plans within a tolerance (`alternatives`), and the player's plan priced
and compared with the best (`compare`); `plan_diff` says what one plan does differently from another.
Each works on copies of a model built once (`optimizer.turn.solve`)."""

DEFAULT_TOLERANCE = "5%"  # how far below the best an alternative may be when the player gives none
