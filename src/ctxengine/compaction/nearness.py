"""The Chinese words for "near" ("周边", "附近", "周围"), shared by the extractors.

A task dialogue's replies list what is near a place ("周边餐馆有A、B"); names and values in
such a list belong to that place's neighbours, not to the place the turn is about.
"""

from __future__ import annotations

import re

NEAR = r"(?:周边|附近|周围)"
NEAR_WORD = re.compile(NEAR)
