"""stepcheck: check every step of a derivation and say how sure we are."""

__version__ = "0.1.0"
