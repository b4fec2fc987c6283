"""Plans A World at War: the rule families (`rules/`), the turn plan's model (`turn/`), its what-ifs
(`whatif/`), the independent checker (`checker/`), the renderers (`render/`), the planners and their registry
(`planners/`), and the surfaces: the `awaw` command line (`cli/`), the batch (`batch/`) and the web page (`web/`)."""
