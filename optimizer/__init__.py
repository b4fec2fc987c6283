"""Plans A World at War: the rule families (`rules/`), the turn plan's model (`turn/`), its what-ifs
(`whatif/`), the independent checker (`checker/`), the renderers (`render/`), the planners and their registry
(`planners/`), and the surfaces: the `awaw` command line (`cli/`), the batch (`batch/`) and the web page (`web/`)."""

import gc
import os


def collect_less() -> None:
    """Python's collector tuned for a process that loads much and frees little (a command, a batch worker):
    by default it collects every 700 new objects and scans everything every 100 of those, over and over
    while the libraries load, about a tenth of a second of `awaw plan`. Young objects are collected every
    200,000 new ones instead (as mypy does); cycles are still collected, in a long `awaw serve` too."""
    gc.set_threshold(200_000, 50, 50)


def one_blas_thread() -> None:
    """numpy, which OR-Tools' Python layer loads (through pandas), starts OpenBLAS with a thread per core,
    and those threads spin while the rest loads: about 0.12 s of CPU of every `awaw` process that solves, on
    two cores, a fifth of the bare import of the solver (measured in benchmarks/startup.py: 0.58 against
    0.47 s). Nothing here
    computes with BLAS, so a process of the project's own (a command, the batch's fork server) asks for one
    thread before numpy loads, unless the user has set OPENBLAS_NUM_THREADS. Not called on import of the
    package: a script that imports the planner keeps its own numpy as it set it up."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
