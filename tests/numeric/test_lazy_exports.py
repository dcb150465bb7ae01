"""``symbolic.numeric`` imports its modules on first use; every name it exports is still the
object of the module that defines it, whichever modules were imported before."""
import subprocess
import sys
import textwrap

import symbolic.numeric as numeric


def test_every_exported_name_is_the_defining_modules_object():
    import importlib
    for name in numeric.__all__:
        if name == "Relation":
            continue
        module = importlib.import_module(f"symbolic.numeric.{numeric._EXPORTS[name]}")
        assert getattr(numeric, name) is getattr(module, name), name


def test_functions_named_like_their_modules_stay_functions_in_a_fresh_process():
    # the submodules imported first (as a checker family does), then the names
    code = textwrap.dedent("""
        import symbolic.numeric.text, symbolic.numeric.judge, symbolic.numeric.certify
        import symbolic.numeric.evaluate
        from symbolic.numeric import certify, evaluate, judge_claim
        print(callable(certify), callable(evaluate), callable(judge_claim),
              type(certify).__name__, type(evaluate).__name__)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "True", "True", "function", "function"]
