"""Options of a check, in one frozen object passed keyword-only."""
from __future__ import annotations

from dataclasses import dataclass, replace

from symbolic.errors import ConfigError


@dataclass(frozen=True)
class CheckConfig:
    """How hard and how long to check.

    ``dps`` is the working precision of the numeric tier (it is doubled to confirm);
    ``samples`` the number of random points; ``seed`` makes sampling repeatable;
    ``timeout_s`` is the budget of one step in CPU seconds; ``memory_mb`` its memory ceiling;
    ``wall_factor`` stretches only the wall-clock safety net around a step's child (a step
    re-run alone on a busy machine gets more wall time for the same work: not in ``key``);
    ``where_defined`` reads an equation on the points where both sides are defined (a
    table of identities such as the DLMF; never a derivation's default: see
    ``symbolic.checks._where_defined``).
    """

    dps: int = 50
    samples: int = 60
    seed: int = 0
    timeout_s: float = 30.0
    memory_mb: int = 2048
    imaginary_unit: bool = False
    wall_factor: float = 1.0
    where_defined: bool = False

    def __post_init__(self):
        if self.dps < 15:
            raise ConfigError(f"dps={self.dps} is too low; use at least 15 (default 50)")
        if self.samples < 1:
            raise ConfigError(f"samples={self.samples} must be at least 1")
        if self.timeout_s <= 0:
            raise ConfigError(f"timeout_s={self.timeout_s} must be positive")
        if self.wall_factor < 1:
            raise ConfigError(f"wall_factor={self.wall_factor} must be at least 1")

    def but(self, **changes) -> "CheckConfig":
        """A copy with some options changed."""
        return replace(self, **changes)

    def key(self) -> str:
        """What of the configuration can change a verdict (for cache keys)."""
        key = f"dps={self.dps};samples={self.samples};seed={self.seed};timeout={self.timeout_s}"
        return key + (";where_defined" if self.where_defined else "")
