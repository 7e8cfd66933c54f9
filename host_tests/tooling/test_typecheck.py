"""firmware/ and lib/svara type-check clean against MicroPython's own stubs (mypy)."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT

from tools.device import typecheck

STUBS = os.path.join(ROOT, "typings", "machine.pyi")
MISSING = "MicroPython stubs missing: run `make typings` (make test does it)"


def test_firmware_and_engine_type_check_clean():
    assert os.path.isfile(STUBS), MISSING
    proc = subprocess.run([sys.executable, "-m", "tools.device.typecheck"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "typecheck: 0 error(s)" in proc.stdout


@pytest.mark.micropython
def test_the_check_knows_micropython_from_cpython(tmp_path):
    """time.monotonic is CPython's; MicroPython has ticks_ms. The check must object."""
    assert os.path.isfile(STUBS), MISSING
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nimport framebuf\nt = time.monotonic()\n"
                   "ok = time.ticks_diff(time.ticks_ms(), 0)\n"
                   "fb = framebuf.FrameBuffer(bytearray(8), 4, 4, framebuf.GS4_HMSB)\n"
                   "fb.pixel('a', 0)\n")
    errors = [ln for ln in typecheck.mypy([str(bad)], "handset") if ": error:" in ln]
    assert len(errors) == 2, errors
    assert "monotonic" in errors[0] and "pixel" in errors[1]
