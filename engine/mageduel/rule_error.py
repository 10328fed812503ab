"""A rule check's refusal as data (issue 11): a stable ``code`` and its ``params`` beside the English line.

The engine words its refusals in English for the command line; pydantic wraps a validator's
``ValueError`` as an error of type ``value_error`` whose ``ctx["error"]`` is the exception itself, so a
page can word a :class:`RuleError` again in its reader's language from ``code`` and ``params``.
``str()`` is exactly the English sentence, so the command line and pydantic's message say what they
always said.

>>> err = RuleError("feat.unknown", "unknown feat 'x'", feat="x")
>>> str(err), err.code, err.params
("unknown feat 'x'", 'feat.unknown', {'feat': 'x'})
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class RuleError(ValueError):
    """A rule check refused an input: ``code`` names the check (``feat.unknown``), ``params`` holds its
    plain values (ids, counts, lists of ids) and ``str()`` is the English sentence."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, object] = params

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, str(self), self.params))


def _rebuild(code: str, message: str, params: dict[str, object]) -> RuleError:
    return RuleError(code, message, **params)
