"""The player's hard requirements: minimum builds, BRPs kept and delivered, avoiding the oil effect."""
