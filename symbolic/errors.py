"""Errors of stepcheck: one root, so callers can tell a user error from a bug."""


class StepcheckError(Exception):
    """Root of every error that is the user's input, not a bug of the tool."""


class ParseError(StepcheckError):
    """LaTeX (a claim or an assumption) could not be read."""


class DerivationError(StepcheckError):
    """A derivation is malformed: a duplicate id, a dependency used before it is defined."""


class UnknownDocumentError(StepcheckError):
    """A document or step id that does not exist."""


class UsageError(StepcheckError):
    """A command line, target or request that asks for something the tool cannot do."""


class ConfigError(StepcheckError, ValueError):
    """An option out of range (``CheckConfig(dps=5)``, ``require="maybe"``); still a
    ``ValueError`` for callers that catch that."""
