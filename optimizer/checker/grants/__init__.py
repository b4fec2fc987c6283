"""BRP grants (rule 40) re-derived: the account of grants, the route map's routes, the plan's grant lines."""
