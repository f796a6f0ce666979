"""An opt-in verdict cache: a claim whose source, engine and dependencies have not changed is not checked again.

``symmetric verify --cache DIR`` and the pytest plugin's ``--symmetric-cache DIR``
(ini ``symmetric_cache``) keep each finished claim's result in ``DIR``, under a
key made of

* **the claim's source** (:func:`claim_source`): what its decorator states
  (id, sentence, target, relation, conditions, expected verdict, time budget,
  proof) and the text of the Python files its derivation can reach: the file
  that defines it and every local module (outside the standard library and the
  installed packages) that the file, or a module it reaches, names in its
  globals or imports in a function body;
* **the engine's version** (:func:`engine_version`): ``symmetric.__version__``
  and a digest of every Python file of the installed ``symmetric`` package, so
  that an edited checkout counts as a new engine;
* **the dependencies' versions** (:func:`dependency_versions`): Python, the
  required distributions, the optional ones the engine uses when present
  (z3, python-flint, gmpy2) and SymPy's ground types;
* **the options** that reach the check (``timeout``).

A run reads the results whose key is in ``DIR`` instead of checking them, and
checks the others. The cache can never change a verdict: only results that
are **proven** or **refuted** are kept (a refutation is confirmed
independently, a proof is exact; "unknown" may be a time budget that a loaded
machine ran out, and an error is never kept), any change of a key component
checks the claim again, and an entry that cannot be read back exactly (a
truncated file, another format, another key) counts as absent. A derivation
that reads data files, or imports a module by a name it builds at run time,
is outside its key: clear the folder after changing such inputs (deleting
``DIR`` is always safe).

``DIR`` holds pickled results (pickled by :mod:`.transport`: read back, the
expressions are the ones checked, not evaluated again): trust it as you
trust your code, never a folder from others. Entries are written atomically, so concurrent runs
(pytest-xdist workers, parallel CI jobs) may share one.

>>> import tempfile
>>> from symmetric import P, R
>>> from symmetric.verify import Proof
>>> from symmetric.verify.claims.runner import run_claims
>>> proof = Proof("cached_demo", "A demonstration")
>>> @proof.claim("demo.cached.harmonic", "The harmonic mean over a common denominator.", target=2 * P * R / (P + R))
... def _(d):
...     return d.step("The harmonic mean", 2 / (1 / P + 1 / R))
>>> cache = VerdictCache(tempfile.mkdtemp())
>>> [(r.status, r.cached) for r in run_claims(proof.definitions, cache=cache)]
[('proven', False)]
>>> [(r.status, r.cached) for r in run_claims(proof.definitions, cache=cache)]
[('proven', True)]
"""

from __future__ import annotations

import dis
import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import pickle
import platform
import sys
import sysconfig
import tempfile
import types
from pathlib import Path

from ..._validation import InvalidParameterError
from . import transport

__all__ = [
    "CACHED_STATUSES",
    "FORMAT",
    "OPTIONAL_DEPENDENCIES",
    "VerdictCache",
    "cache_option",
    "claim_source",
    "dependency_versions",
    "engine_version",
]

#: The version of an entry's layout; entries of another one are ignored.
FORMAT = 2

#: The statuses a cache keeps: decided, so no time budget or load can have made them.
CACHED_STATUSES = ("proven", "refuted")

#: Distributions the engine uses when they are installed (their versions are part of every key).
OPTIONAL_DEPENDENCIES = ("z3-solver", "python-flint", "gmpy2")

_PACKAGE = Path(__file__).resolve().parents[2]  # symmetric/


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else repr(part).encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def _package_digest(root: str) -> str:
    files = sorted(Path(root).rglob("*.py"))
    return _digest(*(part for f in files for part in (f.relative_to(root).as_posix(), f.read_bytes())))


def engine_version(package: str | os.PathLike | None = None) -> str:
    """``symmetric.__version__`` and a digest of the Python files of the package (``package``: its folder).

    The digest changes with any edit of the package's code, so a checkout
    counts as a new engine after every change (about 10 ms for the package's
    170 files).
    """
    import symmetric

    root = Path(package) if package is not None else _PACKAGE
    return f"{symmetric.__version__}+{_package_digest(str(root.resolve()))[:16]}"


def _distribution_requirements() -> list[str]:
    try:
        requires = importlib.metadata.requires("symmetric-metrics") or []
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that is not installed
        requires = []
    names = []
    for line in requires:
        if "extra ==" in line.replace('"', " ").replace("'", " ").split(";", 1)[-1] and ";" in line:
            continue
        name = line.split(";")[0].strip()
        for stop in "<>=!~[ (":
            name = name.split(stop)[0]
        if name:
            names.append(name)
    return names or ["sympy", "numpy", "mpmath"]


def dependency_versions() -> dict:
    """The versions a verdict may depend on: Python, the required and optional distributions, SymPy's ground types.

    A distribution that is not installed is ``None``.
    """
    out: dict = {"python": f"{platform.python_implementation()} {sys.version}"}
    for name in sorted(set(_distribution_requirements()) | set(OPTIONAL_DEPENDENCIES)):
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            out[name] = None
    try:
        from sympy.external.gmpy import GROUND_TYPES

        out["sympy ground types"] = GROUND_TYPES
    except ImportError:  # pragma: no cover - an old SymPy
        out["sympy ground types"] = os.environ.get("SYMPY_GROUND_TYPES", "")
    return out


@functools.lru_cache(maxsize=1)
def _installed_roots() -> tuple[str, ...]:
    """Folders whose modules are not a claim's own source: the standard library, installed packages, symmetric."""
    paths = sysconfig.get_paths()
    roots = {paths[k] for k in ("stdlib", "platstdlib", "purelib", "platlib") if k in paths}
    roots |= {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    roots.add(str(_PACKAGE))
    return tuple(str(Path(r).resolve()) + os.sep for r in roots if r)


def _local(path) -> Path | None:
    """``path`` resolved when it is a local Python source file (not the standard library, an installed package or
    symmetric), else None."""
    if not path or not str(path).endswith(".py"):
        return None
    resolved = Path(path).resolve()
    return None if str(resolved).startswith(_installed_roots()) else resolved


def _imports(code: types.CodeType):
    """``(name, level, names)`` of every import statement in ``code`` and the code nested in it (functions,
    classes): ``from ..a import b`` is ``("a", 2, ("b",))``."""
    constants: list = []  # the values loaded just before: an import's level and names
    for instruction in dis.get_instructions(code):
        if instruction.opname == "IMPORT_NAME":
            level, names = constants if len(constants) == 2 else (0, None)
            yield instruction.argval, level if isinstance(level, int) else 0, tuple(names or ())
        loads = instruction.opname in ("LOAD_CONST", "LOAD_SMALL_INT")
        constants = (constants + [instruction.argval])[-2:] if loads else []
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _imports(constant)


def _module_file(name: str) -> Path | None:
    """The source file of the module ``name``, imported or not (a module not imported is found, not run; nor is
    its parent package when that is not imported either)."""
    module = sys.modules.get(name)
    if module is not None:
        return _local(getattr(module, "__file__", None))
    parent = name.rpartition(".")[0]
    if parent and parent not in sys.modules:
        return None
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError, AttributeError):
        return None
    return _local(spec.origin) if spec is not None else None


def _file_imports(path: Path, package: str) -> list[str]:
    """The absolute names of the modules the source at ``path`` imports (``package``: its package, for relative
    imports), from its compiled code: nothing runs."""
    try:
        code = compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
    except (OSError, SyntaxError, ValueError):
        return []
    names = []
    for name, level, members in _imports(code):
        try:
            base = importlib.util.resolve_name("." * level + name, package) if level else name
        except (ImportError, ValueError):
            continue
        names.append(base)
        names += [f"{base}.{m}" for m in members if m != "*"]
    return names


def _reached_modules(namespace: dict) -> list:
    """The modules that ``namespace`` (a module's globals) names: modules, and the modules of its functions and
    classes."""
    found = []
    for value in list(namespace.values()):
        if isinstance(value, types.ModuleType):
            found.append(value.__name__)
        elif isinstance(value, (types.FunctionType, type)):
            found.append(getattr(value, "__module__", "") or "")
    return [name for name in found if name]


def _source_files(derive, memo: dict) -> tuple:
    """The file defining ``derive`` and every local module it reaches, transitively (see the module docstring):
    the modules its module's globals name, and those the source of each file imports (in any function body)."""
    namespace = getattr(derive, "__globals__", None)
    if namespace is None:  # a callable that is not a function: its class's module
        module = sys.modules.get(getattr(derive, "__module__", "") or "")
        namespace = vars(module) if module is not None else {}
    start = namespace.get("__name__", "")
    if start in memo:
        return memo[start]
    files: set[Path] = set()
    own = _local(namespace.get("__file__"))
    pending: list[tuple[str, Path | None, dict]] = [(start, own or Path(namespace.get("__file__") or "."), namespace)]
    seen: set[str] = {start}
    while pending:
        name, path, space = pending.pop()
        if path is not None and path.is_file():
            files.add(path)
            package = space.get("__package__") or name.rpartition(".")[0]
            reached = _reached_modules(space) + _file_imports(path, package)
        else:
            reached = _reached_modules(space)
        for other in reached:
            if other in seen:
                continue
            seen.add(other)
            found = _module_file(other)
            if found is not None:
                module = sys.modules.get(other)
                pending.append((other, found, vars(module) if module is not None else {"__name__": other}))
    memo[start] = found_files = tuple(sorted(files))
    return found_files


def _files_digest(files, memo: dict) -> list:
    out = []
    for path in files:
        if path not in memo:
            try:
                memo[path] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError:
                memo[path] = None
        out.append((str(path), memo[path]))
    return out


def claim_source(item, *, memo: dict | None = None) -> str:
    """A digest of a claim's source (see the module docstring): its decorator's arguments and its Python files.

    ``item`` is a claim before its derivation ran (from ``Proof.definitions``).
    ``memo``, shared by the claims of one run, reads each module and file once.
    """
    if getattr(item, "source_digest", ""):  # restored with its script's record: the digest recorded then
        return item.source_digest
    memo = {} if memo is None else memo
    stated = (
        item.id,
        item.sentence,
        item.expected,
        item.source,
        tuple(str(c) for c in item.conditions),
        float(item.timeout),
        repr(item.target),
        item.relation,
        item.proof,
        item.origin,
        getattr(item, "by", None),
    )
    files = _source_files(item.derive, memo.setdefault("modules", {}))
    return _digest(stated, _files_digest(files, memo.setdefault("files", {})))


def cache_option(value, *, option: str = "cache") -> Path:
    """``value`` as a cache folder: an existing folder, or one that can be made (made now)."""
    if isinstance(value, bool) or not isinstance(value, (str, os.PathLike)) or not os.fspath(value):
        raise InvalidParameterError.of(option, "VerdictCache", "a folder path", value)
    path = Path(value)
    if path.exists() and not path.is_dir():
        raise InvalidParameterError.of(option, "VerdictCache", "a folder (this is a file)", os.fspath(value))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidParameterError.of(
            option, "VerdictCache", f"a folder that can be made ({exc})", os.fspath(value)
        ) from exc
    if not os.access(path, os.W_OK):
        raise InvalidParameterError.of(option, "VerdictCache", "a writable folder", os.fspath(value))
    return path


class VerdictCache:
    """The results of claims in a folder, keyed on their source, the engine and the dependencies.

    Parameters
    ----------
    directory : str or os.PathLike
        The folder (made when missing).
    engine : str, optional
        The engine's version; default :func:`engine_version`.
    dependencies : dict, optional
        The dependencies' versions; default :func:`dependency_versions`.
    options : dict, optional
        Further options that change what a check gives (the runner adds its
        ``timeout``).

    A run (:func:`symmetric.verify.claims.runner.run_claims` with ``cache=``)
    asks :meth:`get` for each claim before it checks it and :meth:`put`\\ s
    each result it checked.
    """

    def __init__(self, directory, *, engine: str | None = None, dependencies: dict | None = None, options=None) -> None:
        self.directory = cache_option(directory, option="directory")
        self.engine = engine_version() if engine is None else engine
        self.dependencies = dependency_versions() if dependencies is None else dict(dependencies)
        self.options = dict(options or {})
        self.hits = 0
        self.misses = 0

    def __repr__(self) -> str:
        return f"VerdictCache({str(self.directory)!r}, {self.hits} read, {self.misses} checked)"

    def key(self, item, options: dict | None = None, *, memo: dict | None = None) -> str:
        """The key of ``item`` (a claim before its derivation ran) with ``options`` added to the cache's own.

        ``memo``, shared by the claims of one run, reads each file once.
        """
        merged = sorted({**self.options, **(options or {})}.items())
        source = claim_source(item, memo=memo)
        return _digest(FORMAT, source, self.engine, sorted(self.dependencies.items()), merged)

    def _path(self, key: str) -> Path:
        return self.directory / f"{key}.pickle"

    def get(self, item, key: str):
        """The result kept under ``key`` for ``item``, or None; any entry that does not read back exactly is None."""
        from .record import Result

        try:
            with open(self._path(key), "rb") as f:
                entry = pickle.load(f)
            if not (
                isinstance(entry, dict)
                and entry.get("format") == FORMAT
                and entry.get("key") == key
                and entry.get("id") == item.id
            ):
                return None
            claim, status, seconds, verdict, error, step_verdicts = entry["result"]
            if claim.id != item.id or status not in CACHED_STATUSES or error:
                return None
            data = entry.get("data")
            return Result(claim, status, seconds, verdict, error, step_verdicts, cached=True).with_data(data)
        except FileNotFoundError:
            return None
        except Exception:  # noqa: BLE001 - a truncated, foreign or stale entry: the claim is checked again
            return None

    @staticmethod
    def keeps(result) -> bool:
        """Whether a result is kept: proven or refuted, without an error, its claim built."""
        return result.status in CACHED_STATUSES and not result.error and result.claim.lhs is not None

    def put(self, key: str, result, data: dict | None = None) -> bool:
        """Keep ``result`` (and ``data``, its :meth:`~symmetric.verify.Result.to_json`) under ``key``; whether it was kept."""
        if not self.keeps(result):
            return False
        entry = {
            "format": FORMAT,
            "key": key,
            "id": result.claim.id,
            "result": (result.claim, result.status, result.seconds, result.verdict, result.error, result.step_verdicts),
            "data": data,
        }
        return self._write(self._path(key), entry)

    # --- proof scripts: what a script made, so that an unchanged one need not run -------------------------------

    def _script_path(self, path: Path, content: bytes) -> Path:
        key = _digest(
            FORMAT,
            "script",
            str(path),
            hashlib.sha256(content).digest(),
            self.engine,
            sorted(self.dependencies.items()),
        )
        return self.directory / "scripts" / f"{key}.pickle"

    def record_script(self, path, content: bytes, proofs: list) -> None:
        """Record what the proof script at ``path`` (with ``content``) made: its proofs, their claims' decorator
        arguments and source digests, and the files those sources read (with their digests)."""
        path = Path(path).resolve()
        memo: dict = {}
        records: list[dict] = []
        files: set[Path] = set()
        for proof in proofs:
            definitions = []
            for d in proof.definitions:
                files.update(_source_files(d.derive, memo.setdefault("modules", {})))
                fields = {name: getattr(d, name) for name in _DEFINITION_FIELDS}
                definitions.append({**fields, "source_digest": claim_source(d, memo=memo)})
            fields = {name: getattr(proof, name) for name in _PROOF_FIELDS}
            records.append({**fields, "definitions": definitions})
        files.add(path)
        entry = {
            "format": FORMAT,
            "path": str(path),
            "files": _files_digest(sorted(files), {}),
            "proofs": records,
        }
        self._write(self._script_path(path, content), entry)

    @staticmethod
    def unchanged(files) -> bool:
        """Whether each file of ``files`` (``(path, digest)`` pairs, as :meth:`restore_script` gives them) still
        has its digest."""
        return _files_digest([Path(p) for p, _ in files], {}) == list(files)

    def restore_script(self, path, content: bytes, load):
        """``(proofs, files)``: the proofs the script at ``path`` made when :meth:`record_script` saw it with
        ``content`` and the files their claims read, if each is unchanged since (their definitions run the script,
        ``load(path)``, when first built); None when there is no such record."""
        from .proof import Definition, Proof

        path = Path(path).resolve()
        try:
            with open(self._script_path(path, content), "rb") as f:
                entry = pickle.load(f)
            if not (isinstance(entry, dict) and entry.get("format") == FORMAT and entry.get("path") == str(path)):
                return None
            if not self.unchanged(entry["files"]):
                return None
            proofs = []
            for record in entry["proofs"]:
                definitions = [
                    Definition(
                        **{name: d[name] for name in _DEFINITION_FIELDS},
                        derive=_not_loaded,
                        load=functools.partial(_real_definition, load, path, record["name"], d["id"]),
                        source_digest=d["source_digest"],
                    )
                    for d in record["definitions"]
                ]
                proofs.append(Proof.restored({name: record[name] for name in _PROOF_FIELDS}, definitions))
            return proofs, entry["files"]
        except FileNotFoundError:
            return None
        except Exception:  # noqa: BLE001 - a truncated, foreign or stale record: the script runs
            return None

    def _write(self, target: Path, entry: dict) -> bool:
        try:
            blob = transport.dumps(entry)  # read back by pickle, its expressions not evaluated again
        except Exception:  # noqa: BLE001 - what does not pickle is not kept
            return False
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".entry-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(blob)
            os.replace(temporary, target)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            return False
        return True


_PROOF_FIELDS = ("name", "title", "source", "summary", "order", "module", "origin")
_DEFINITION_FIELDS = (
    "id",
    "sentence",
    "expected",
    "source",
    "conditions",
    "timeout",
    "target",
    "relation",
    "proof",
    "origin",
    "by",
)


def _not_loaded(d):  # pragma: no cover - Definition.build runs the script first
    raise RuntimeError("a definition restored from the verdict cache derives through the script it came from")


def _real_definition(load, path: Path, proof: str, claim_id: str):
    """The definition ``claim_id`` of the proof ``proof`` that the script at ``path`` makes when it runs."""
    for p in load(path):
        if p.name == proof:
            for d in p.definitions:
                if d.id == claim_id:
                    return d
    raise InvalidParameterError.of(
        "sources",
        "load_claims",
        f"the scripts the verdict cache recorded (this one no longer makes {claim_id!r})",
        str(path),
    )
