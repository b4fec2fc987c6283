"""Site ids of the bundled map that the checker's rules name: the SW boxes, the U.S. boxes, the Urals box."""

from __future__ import annotations

ATLANTIC_SW_BOX = "atlantic_sw_box"


PACIFIC_SW_BOX = "pacific_sw_box"


US_ATLANTIC_BOX = "us_atlantic_box"


US_PACIFIC_BOX = "us_pacific_box"


URALS_BOX = "urals_box"
