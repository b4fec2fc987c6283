"""The turn plan (rules 27 and 40, with the rule 25 report): the rule families' data, variables and
constraints put together into one CP-SAT model, and solved over the player's priorities in order.

Imports run one way, interleaved with the families of `optimizer.rules`: `models` -> each family's
`prepare` -> `prepare.py` -> each family's `variables` -> `variables.py` (the BRP and limit accounts the
families share) -> each family's `constraints` -> `model.py` (the families in a fixed order, and
`fix.py`'s fixed and forbidden decisions) -> `objective.py`, `extract.py`, `explain.py` -> `solve.py`.
"""
