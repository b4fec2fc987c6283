"""One package per rule family: `prepare` (plain data), `variables`, `constraints`, `extract`.

Each family holds only the stages it has. Imports run one way: `models` -> each
family's `prepare` -> `optimizer.prepare` -> each family's `variables` ->
`optimizer.variables` -> each family's `constraints` -> `optimizer.model` ->
each family's `objective` and `extract` -> `optimizer.solve`.
"""
