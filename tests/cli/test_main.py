"""The ``symmetric`` entry point: subcommands load lazily, so ``--help`` and ``counts`` run without SymPy."""

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

from symmetric.cli import COMMANDS, build_parser
from tests.isolation import no_symbolic_guard

ROOT = Path(__file__).resolve().parents[2]

#: In a fresh interpreter, after the guard (SymPy, mpmath and proof scripts refused): the entry point runs as
#: the console script does.
CHILD = no_symbolic_guard("the entry point") + textwrap.dedent(
    """
    import contextlib, io, json
    from symmetric.cli import main

    def run(*argv):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                code = main(list(argv))
            except SystemExit as exc:   # --help and --version exit through argparse
                code = exc.code
        return code, out.getvalue()

    code, text = run("--help")
    print("help", code, "counts" in text and "verify" in text)
    code, text = run("counts", "8", "2", "0", "88")
    rows = {line.split()[0]: line.split()[1] for line in text.splitlines()[1:]}
    print("counts", code, text.splitlines()[0], rows["precision"], rows["mcc"], rows["balanced_accuracy"])
    code, text = run("counts", "--tn", "88", "--fp", "2", "--fn", "0", "--tp", "8", "--metric", "mcc", "--metric",
                     "npv", "--metric", "f1", "--json")
    print("counts-metric", code, [(m["name"], round(m["value"], 6)) for m in json.loads(text)["metrics"]])
    code, text = run("counts", "--help")
    print("counts-help", code, "--metric NAME" in text)
    print("loaded", sorted(n for n in sys.modules if n.split(".")[0] in ("sympy", "mpmath")))
    print("refused", refused)
    """
)


def test_help_and_counts_run_without_sympy():
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, cwd=ROOT, timeout=120)
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert lines.get("help") == "0 True", done.stdout + done.stderr
    assert lines.get("counts") == "0 cells: TP = 8, FP = 2, FN = 0, TN = 88 0.8 0.884433 0.988889", \
        done.stdout + done.stderr
    assert lines.get("counts-metric") == "0 [('mcc', 0.884433), ('npv', 1.0), ('f1', 0.888889)]", \
        done.stdout + done.stderr
    assert lines.get("counts-help") == "0 True", done.stdout + done.stderr
    assert lines.get("loaded") == "[]" and lines.get("refused") == "[]", done.stdout + done.stderr


def test_a_commands_summary_is_its_modules_first_docstring_line():
    for name, command in COMMANDS.items():
        module = importlib.import_module(f"symmetric.cli.{command.module}")
        assert module.__doc__.strip().splitlines()[0] == command.summary, name
        assert callable(module.add_arguments) and callable(module.run), name


def test_a_subcommand_loads_its_arguments_when_it_prints_help():
    parser = build_parser()
    sub = parser.get_default("_subparsers")["check"]  # an intermixed one, as main() reads it
    assert sub.description == COMMANDS["check"].summary
    assert "--annotate OUT" in sub.format_usage() and "--strict" in sub.format_help()
    assert set(parser.get_default("_subparsers")) == {n for n, c in COMMANDS.items() if c.intermixed}
