"""Find proofs and their claims: in files, folders, modules, the package and installed packages.

* A **file** is a proof script: every :class:`~symmetric.verify.Proof` it
  creates is found, whatever its variable name; a script that creates none
  is an error naming it. Each file runs as its own module, named after its
  full path, so two ``claims.py`` in different folders do not collide. A
  file is run again whenever its content changes.
* A **folder** holds proof scripts: every ``*.py`` file directly in it,
  except names starting with ``_`` or ``.`` and ``conftest.py``.
* A **module** name (``"mypackage.claims"``) or module object: the proofs
  created in it or in its submodules that it holds as attributes.
* The **built-in** claims are the package's own proof scripts (``proofs/``
  in a source checkout, ``symmetric/_proofs`` in a wheel, or the folder
  named by ``SYMMETRIC_PROOFS``) and those that installed packages ship
  through the ``symmetric.claims`` entry point group (a module, a
  :class:`~symmetric.verify.Proof` or a list of them).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import re
import sys
import types
from pathlib import Path

from ..._validation import InvalidParameterError
from ..core.sympy_signs import rigorous_numbers
from .proof import Claim, Definition, Proof

__all__ = [
    "ENTRY_POINT_GROUP",
    "proofs_directory",
    "load_file",
    "load_proofs",
    "load_claims",
    "installed_proofs",
    "definitions",
    "select_claims",
    "selects",
    "is_proof_script",
]

#: The entry point group through which installed packages ship claims.
ENTRY_POINT_GROUP = "symmetric.claims"

_PACKAGE = Path(__file__).resolve().parents[2]  # symmetric/
_MODULE = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$")
# (resolved path, SHA-256 of its content) -> the proofs the file created; a changed file runs again.
_loaded: dict[tuple[Path, str], list[Proof]] = {}
# The same, restored from a verdict cache's record (the scripts did not run), with the files their claims read.
_restored: dict[tuple[Path, str], tuple[list[Proof], list]] = {}


def proofs_directory() -> Path:
    """The directory holding the package's own proof scripts."""
    env = os.environ.get("SYMMETRIC_PROOFS")
    if env:
        return Path(env)
    for candidate in (_PACKAGE / "_proofs", _PACKAGE.parent / "proofs"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("no proofs directory found; set SYMMETRIC_PROOFS")


def _bad(allowed: str, got) -> InvalidParameterError:
    return InvalidParameterError.of("sources", "load_claims", allowed, got)


def is_proof_script(path: Path) -> bool:
    """Whether a file inside a folder of claims is a proof script."""
    return path.suffix == ".py" and not path.name.startswith(("_", ".")) and path.name != "conftest.py"


def _proofs_of(module: types.ModuleType) -> list[Proof]:
    """The proofs a module created (or its submodules did) that it holds, directly or in a list or dict."""
    name = module.__name__
    found: list[Proof] = []
    for value in list(vars(module).values()):
        candidates = (
            value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
        )
        for v in candidates:
            if (
                isinstance(v, Proof)
                and (v.module == name or v.module.startswith(name + "."))
                and all(v is not p for p in found)
            ):
                found.append(v)
    return found


def _where(tb_exc, path: Path) -> str:
    lines = [f.lineno for f in tb_exc if Path(f.filename) == path]
    return f" at line {lines[-1]}" if lines else ""


@rigorous_numbers()  # a script builds its expressions as written
def load_file(path: str | os.PathLike, *, cache=None) -> list[Proof]:
    """The proofs a proof script creates; the script runs again only when its content changed.

    With ``cache`` (a :class:`~symmetric.verify.claims.cache.VerdictCache`),
    an unchanged script whose claims' sources are unchanged is not run: its
    proofs are restored from the cache's record, and their claims run the
    script when one is first built (when its verdict is not in the cache).
    A script that runs is recorded there.
    """
    import traceback

    path = Path(path).resolve()
    source = path.read_bytes()
    key = (path, hashlib.sha256(source).hexdigest())
    if key not in _loaded and cache is not None:
        if key in _restored and cache.unchanged(_restored[key][1]):
            return _restored[key][0]
        restored = cache.restore_script(path, source, load_file)
        if restored is not None:
            _restored[key] = restored
            return restored[0]
        _restored.pop(key, None)
        cache.record_script(path, source, load_file(path))
        return _loaded[key]
    if key not in _loaded:
        stem = re.sub(r"\W", "_", path.stem)
        name = f"_symmetric_claims_{hashlib.sha256(str(path).encode()).hexdigest()[:12]}_{stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None  # a path always gives a spec
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            exec(compile(source, str(path), "exec"), module.__dict__)
        except (Exception, SystemExit) as exc:
            sys.modules.pop(name, None)
            where = _where(traceback.extract_tb(exc.__traceback__), path)
            raise _bad(f"proof scripts that run without error ({type(exc).__name__}{where}: {exc})", str(path)) from exc
        proofs = _proofs_of(module)
        if not proofs:
            raise _bad("proof scripts that each create a symmetric.verify.Proof (this one creates none)", str(path))
        _loaded[key] = proofs
    return _loaded[key]


def _load_folder(folder: Path, cache=None) -> list[Proof]:
    scripts = sorted(p for p in folder.iterdir() if p.is_file() and is_proof_script(p))
    if not scripts:
        raise _bad("folders holding proof scripts (*.py files; this one has none)", str(folder))
    proofs = [p for script in scripts for p in load_file(script, cache=cache)]
    return sorted(proofs, key=lambda p: p.order)


def _load_module(module) -> list[Proof]:
    if isinstance(module, str):
        module = importlib.import_module(module)
    proofs = _proofs_of(module)
    if not proofs:
        raise _bad("modules that create a symmetric.verify.Proof (this one holds none)", module.__name__)
    return proofs


def _load_source(source, cache=None) -> list[Proof]:
    if isinstance(source, Proof):
        return [source]
    if isinstance(source, types.ModuleType):
        return _load_module(source)
    if not isinstance(source, (str, os.PathLike)):
        raise _bad("paths of files or folders, module names or modules", source)
    path = Path(source)
    if path.is_dir():
        return _load_folder(path, cache)
    if path.is_file():
        return load_file(path, cache=cache)
    text = os.fspath(source)
    if isinstance(text, str) and _MODULE.match(text) and not text.endswith(".py"):
        try:
            found = importlib.util.find_spec(text) is not None
        except (ImportError, ValueError):
            found = False
        if found:
            return _load_module(text)
    raise _bad("existing files or folders, or importable module names", text)


def installed_proofs() -> list[Proof]:
    """The proofs that installed packages ship through the ``symmetric.claims`` entry point group."""
    from importlib.metadata import entry_points

    proofs: list[Proof] = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name):
        where = f"entry point {ep.name} = {ep.value} ({ENTRY_POINT_GROUP})"
        try:
            obj = ep.load()
        except Exception as exc:
            raise _bad(f"entry points that load ({type(exc).__name__}: {exc})", where) from exc
        if isinstance(obj, (list, tuple)) and obj and all(isinstance(p, Proof) for p in obj):
            proofs += list(obj)
        elif isinstance(obj, (Proof, types.ModuleType)):
            proofs += _load_source(obj)
        else:
            raise _bad("entry points naming a module, a Proof or a list of Proofs", where)
    return proofs


@rigorous_numbers()
def load_proofs(*sources, builtin: bool | None = None, cache=None) -> list[Proof]:
    """The proofs of the sources (see the module docstring), in order; each proof once.

    ``builtin`` adds the package's claims and the installed packages' ones
    first; by default only when no source is given. ``cache`` (a verdict
    cache) restores unchanged proof scripts instead of running them
    (:func:`load_file`).
    """
    if builtin not in (None, True, False):
        raise InvalidParameterError.of("builtin", "load_claims", "True, False or None", builtin)
    if builtin is None:
        builtin = not sources
    proofs: list[Proof] = []
    if builtin:
        proofs += _load_folder(proofs_directory(), cache) + installed_proofs()
    for source in sources:
        proofs += _load_source(source, cache)
    unique: list[Proof] = []
    for p in proofs:
        if all(p is not q for q in unique):
            unique.append(p)
    return unique


def _place(proof: Proof) -> str:
    return f"{proof.origin} (proof {proof.name!r})"


def definitions(proofs) -> list[Definition]:
    """Every claim of ``proofs`` before its derivation runs; a duplicate id is an error naming both places."""
    seen: dict[str, Proof] = {}
    out: list[Definition] = []
    for proof in proofs:
        for d in proof.definitions:
            if d.id in seen:
                raise _bad(
                    f"sources whose claim ids are unique, but {d.id!r} is defined both in "
                    f"{_place(seen[d.id])} and in {_place(proof)}",
                    d.id,
                )
            seen[d.id] = proof
            out.append(d)
    return out


def load_claims(*sources, builtin: bool | None = None) -> list[Claim]:
    """Load the claims of proof scripts, folders of them and modules.

    Parameters
    ----------
    *sources : str, os.PathLike or module
        Proof scripts (files), folders of proof scripts (every ``*.py`` file
        directly inside, except those starting with ``_`` and
        ``conftest.py``), and importable modules (by name or object). Each
        script may create any number of :class:`~symmetric.verify.Proof`
        objects, under any names, and must create one.
    builtin : bool, optional
        Also load the package's own claims and those that installed packages
        ship through the ``symmetric.claims`` entry point group (first).
        Default: only when no source is given.

    Returns
    -------
    list of Claim
        In source order, then declaration order. Loading runs each
        derivation once (under the claim's time budget); a derivation that
        fails gives a claim that records the error.

    Raises
    ------
    symmetric.InvalidParameterError
        For a path that does not exist, a script that fails or creates no
        proof, or a claim id defined twice (naming both places).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "ratios.py").write_text('''
    ... from symmetric import P, R, f_beta
    ... from symmetric.verify import Proof
    ...
    ... ours = Proof("ratios", "Our ratios")
    ...
    ... @ours.claim("ours.f1_at_equal_scores", "F1 equals P where R = P.", target=P)
    ... def _(d):
    ...     return d.step("F1 on the line R = P", f_beta(beta=1).subs(R, P))
    ... ''')
    >>> [(c.id, c.lhs, c.rhs) for c in load_claims(folder)]
    [('ours.f1_at_equal_scores', P, P)]

    Substituting made SymPy simplify the derived side to the target on the
    spot: a check of ``P == P`` cannot fail. State the derivation so the
    engine has something to decide, or check the derivation's premise.

    >>> _ = (folder / "copy.py").write_text((folder / "ratios.py").read_text())
    >>> load_claims(folder)
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'sources' parameter of load_claims must be sources whose claim ids are unique, but 'ours.f1_at_equal_scores' is defined both in .../copy.py (proof 'ratios') and in .../ratios.py (proof 'ratios'). Got 'ours.f1_at_equal_scores' instead.
    >>> load_claims(folder / "missing.py")
    Traceback (most recent call last):
        ...
    symmetric.InvalidParameterError: The 'sources' parameter of load_claims must be existing files or folders, or importable module names. Got '.../missing.py' instead.
    >>> import shutil; shutil.rmtree(folder)
    """
    return [d.build() for d in definitions(load_proofs(*sources, builtin=builtin))]


def selects(selector: str, claim_id: str) -> bool:
    """Whether ``selector`` (an id, or a prefix such as ``"f_beta."`` or ``"f_beta"``) names ``claim_id``."""
    return claim_id == selector or claim_id.startswith(selector.rstrip(".") + ".")


def select_claims(items, ids) -> list:
    """The items (claims or definitions) that ``ids`` select (see :func:`selects`), in their order."""
    items = list(items)
    if not ids:
        return items
    for i in ids:
        if not any(selects(i, c.id) for c in items):
            raise InvalidParameterError.of("ids", "symmetric verify", "ids (or prefixes) of loaded claims", i)
    return [c for c in items if any(selects(i, c.id) for i in ids)]
