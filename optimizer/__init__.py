"""Plans A World at War: the rule families (`rules/`), the turn plan's model (`turn/`), its what-ifs
(`whatif/`), the independent checker (`checker/`), the renderers (`render/`), the planners and their registry
(`planners/`), and the surfaces: the `awaw` command line (`cli/`), the batch (`batch/`) and the web page (`web/`)."""

import gc


def collect_less() -> None:
    """Python's collector tuned for a process that loads much and frees little (a command, a batch worker):
    by default it collects every 700 new objects and scans everything every 100 of those, over and over
    while the libraries load, about a tenth of a second of `awaw plan`. Young objects are collected every
    200,000 new ones instead (as mypy does); cycles are still collected, in a long `awaw serve` too."""
    gc.set_threshold(200_000, 50, 50)
