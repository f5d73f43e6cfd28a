"""The rules engine's tests: plain functions, no database, no Django.

`rules` is the standard-library-only engine in the repository root; `fixtures.sittings` makes
random valid sittings. Both are imported from the checkout itself, whatever is installed.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
