"""The browser's board renderers run in Node (V8, Chromium's engine) in these tests; without
Node they skip, except on CI, where scripts/test-services.sh installs Debian's nodejs."""

import os
import shutil

import pytest

NODE = shutil.which("node")


@pytest.fixture(autouse=True, scope="module")
def _node() -> None:
    if NODE is None:
        if os.environ.get("CI"):
            pytest.fail("Node.js is missing (scripts/test-services.sh installs it)")
        pytest.skip("needs Node.js (apt install nodejs)")
