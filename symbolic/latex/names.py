"""Subscripted names as the reader writes them: ``x_j``, ``x_{i,j}`` split into base and indices.

Below the converter and the vector checks that both need it (``convert``, ``vector_uses``)."""
from __future__ import annotations

import re


def split_name(name: str):
    """``x_j`` -> ("x", ["j"]), ``x_{i,j}`` -> ("x", ["i", "j"]); None for an unsubscripted name."""
    if "_" not in name:
        return None
    base, sub = name.split("_", 1)
    if not base or not re.fullmatch(r"[A-Za-z]+|SCZsym\d+", base):     # SCZsym: \hat{x}, \mathbf{g}
        return None
    sub = sub[1:-1] if sub.startswith("{") and sub.endswith("}") else sub
    parts = [p.strip() for p in sub.split(",")]
    return (base, parts) if all(parts) else None
