"""What-ifs on a turn plan: what binds and what one more is worth (`why`), the price of a decision the plan
leaves out (`why_not`), the next plans within a tolerance (`alternatives`), and the player's plan priced
and compared with the best (`compare`). What one plan does differently from another
(`optimizer.turn.plan_diff`), a decision's cost (`optimizer.turn.decision_cost`) and the tolerance
(`optimizer.turn.tolerance`) sit below, shared with the season's what-ifs. Each works on copies of a
model built once (`optimizer.turn.solve`)."""
