"""BRP grants over the route map: who grants what, by which route, with which transports (rule 40)."""
