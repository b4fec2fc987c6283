"""Submarine warfare (rule 25): SW combat modifiers and the deployment of submarines, ASW and CVEs."""
