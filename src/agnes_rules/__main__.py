"""``python -m agnes_rules``: the ``agnes`` command line."""

import sys

from agnes_rules.cli import main

sys.exit(main())
