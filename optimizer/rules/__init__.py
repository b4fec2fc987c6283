"""One package per rule family: `prepare` (plain data), `variables`, `constraints`, `objective`, `extract`.

Each family holds only the stages it has. The families of the turn plan (force pool, placement, limits,
oil, naval air, grants, naval construction, the SW units of 27.9, requirements) are put together by
`optimizer.turn`; imports run one way: `models` -> each family's `prepare` -> `optimizer.turn.prepare` ->
each family's `variables` -> `optimizer.turn.variables` -> each family's `constraints` ->
`optimizer.turn.model` -> each family's `objective` and `extract` -> `optimizer.turn.solve`. The families
that answer questions of their own (submarine warfare, mobilization, engineers) also hold their own
`solve.py`. `guards.py` (the enforcement literals that name the rule blocking an infeasible model) and
`linear.py` (CP-SAT's linear expressions) serve every family.
"""
