"""``python -m agnes_rules.cli``: the ``agnes`` command line, as ``python -m agnes_rules``."""

import sys

from agnes_rules.cli import main

sys.exit(main())
