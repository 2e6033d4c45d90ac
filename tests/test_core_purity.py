import subprocess
import sys


def test_core_imports_no_ui_library():
    code = (
        "import sys, pkgutil, importlib, tui.core\n"
        "for m in pkgutil.walk_packages(tui.core.__path__, 'tui.core.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich', 'watchdog'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
