"""How results are shown: Rich tables for the terminal (`tables.py` for the turn plan, one module per
other planner and what-if), the order sheet (`sheet.py`), the route map (`picture.py`, matplotlib), and
tables as rows for HTML (`blocks.py`, laid out by `templates/blocks.html`). No rule logic: each reads a
result and the scenario it came from."""
