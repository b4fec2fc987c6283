"""The independent plan checker: rules 27 and 40 re-derived in plain Python arithmetic.

`check(scenario, plan)` lists every way a plan breaks the construction rules
(rule 27) or the BRP grant rules (rule 40) (kind "rule"), the player's
requirements (kind "requirement"), or disagrees with its own accounting (kind
"report", rule "report"), the value it states of each priority of the objective
included (`objective.py`, from models/objective.py's definitions). It reads the rule tables of `models/` and nothing of
the solver: supply is traced by its own breadth-first search over the bundled
map, and grant routes, capacities and transports are derived here from the
route map, so that the solver and the checker are two separate derivations of
the same rules (README, "How the rules are read" and "How rule 40 (BRP grants)
is read", is the specification). Naval construction (27.7) is checked by
replaying every Naval Construction Chart turn by turn from the scenario, with
chart positions derived here from the README's "How rule 27.7 (naval
construction) is read"; only the cost tables of `models/naval_tables.py` are read.

One module per rule family; `check.py` calls them in order.
"""

from optimizer.checker.check import check
from optimizer.checker.violations import Violation

__all__ = ["Violation", "check"]
