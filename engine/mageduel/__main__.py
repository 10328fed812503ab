"""``python -m mageduel``: see :mod:`mageduel.cli`."""

import sys

from .cli import main

sys.exit(main())
