"""`python -m optimizer.cli ARGS`: the same as `awaw ARGS`."""

from optimizer.cli import main

main()
