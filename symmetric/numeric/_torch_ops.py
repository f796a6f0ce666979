"""PyTorch operators of the package: evaluations as single nodes of a ``torch.compile`` graph.

``torch.compile`` cannot trace the evaluation (a parameter stage in
double-double on the host, NumPy kernels on CPU tensors, checks that read
the data), and a graph break would split the user's graph around every call.
So under ``torch.compile`` an evaluation is one operator
(``torch.library.custom_op``), run with the data when the compiled code
runs: the same code as eagerly, the same values, the same errors (its checks
raise :class:`~symmetric.InvalidParameterError` from inside the compiled
graph), and a derivative registered with it (``register_autograd``: the
partials through a second operator). Inductor does not fuse across it: the
operator is what the eager call costs, once per call.

What an operator evaluates is a *target*: an object with ``value(values,
validate, host)`` (a tensor) and ``partials(values, validate, host, out)``
(a tensor per value, ``out`` the value computed before), where ``values``
are tensors and Python numbers. The
operators take tensors, numbers and strings only, so a target is named by a
key (:func:`key` registers it). Eagerly, a target with a gradient to give
runs in :func:`host_function`, a ``torch.autograd.Function``.

A call that checks nothing (``validate=False``) with numbers for
parameters needs no operator where its regime needs no table: the parameter
stage runs on the host while the graph is traced (:func:`fixed_plan`, which
Dynamo runs as ordinary Python and whose result it keeps as constants), and
the portable kernels and their partials are traced into the graph
(:mod:`symmetric.numeric._autodiff`), where Inductor fuses them with the
caller's operations.
"""

import functools
from typing import Any

import numpy

from ._portable import fixed_partials, fixed_plan as _fixed_plan, fixed_value
from .traced import operator_namespace, operators

__all__ = ["call", "key", "target", "register", "host_function", "fixed_plan", "fixed_function", "VALIDATE"]

#: ``validate`` as the operators' integer argument.
VALIDATE = {False: 0, True: 1, "strict": 2}
_TARGETS: dict = {}
_OPS: dict = {}


def key(kind, owner, make, *extra) -> str:
    """The operators' name of the target of ``owner`` (``make(owner, *extra)`` the first time), registered.

    Marked for ``torch.compile`` as a constant result (the attribute that
    ``torch._dynamo.assume_constant_result`` sets, set without importing PyTorch):
    Dynamo runs it as ordinary Python while tracing, so the target is built and
    registered for real, not replayed as a side effect after the graph.
    """
    name = f"{kind}:{id(owner)}"
    if name not in _TARGETS:
        _TARGETS[name] = make(owner, *extra)
    return name


key._dynamo_marked_constant = True  # type: ignore[attr-defined]


def target(name) -> Any:
    """The target registered under ``name``."""
    return _TARGETS[name]


def fixed_plan(name, *params) -> tuple | None:
    """The :func:`symmetric.numeric._portable.fixed_plan` of the target ``name``'s family at the numbers ``params``
    (None where its regime needs a table). Marked as :func:`key` is: Dynamo runs it while tracing (the parameter
    stage in double-double on the host) and keeps the result, plain floats, as constants of the graph."""
    fixed_function()  # defined here, in plain Python: Dynamo traces its use, not the definition of a class
    with numpy.errstate(all="ignore"):
        return _fixed_plan(_TARGETS[name].family.stage([numpy.float64(p) for p in params]))


fixed_plan._dynamo_marked_constant = True  # type: ignore[attr-defined]


def fixed_function() -> Any:
    """The ``torch.autograd.Function`` of a :func:`fixed_plan`: its value and its partials in P and R from the
    generated portable kernels (:func:`symmetric.numeric._portable.fixed_value`, ``fixed_partials``), array
    operations that Dynamo traces (defined on first use, by :func:`fixed_plan`)."""
    if "fixed" in _OPS:
        return _OPS["fixed"]
    import torch

    class FixedFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, P, R, common, plan):
            out = fixed_value(torch, common, plan, P, R)
            ctx.save_for_backward(P, R, out)
            ctx.common, ctx.plan = common, plan
            return out

        @staticmethod
        def backward(ctx, grad):
            P, R, out = ctx.saved_tensors
            d_p, d_r = fixed_partials(torch, ctx.common, ctx.plan, P, R, out)
            return grad * d_p, grad * d_r, None, None

    _OPS["fixed"] = FixedFunction
    return FixedFunction


def call(name, values, validate, host) -> Any:
    """The target ``name``'s ``value(values, ...)`` as the operator ``evaluate`` of this runtime's namespace."""
    import torch

    tensors: list[Any] = []
    scalars: list[Any] = []
    layout: list[Any] = []
    for v in values:
        if isinstance(v, torch.Tensor):
            layout.append(len(tensors))
            tensors.append(v)
        elif isinstance(v, numpy.ndarray) and v.ndim:
            layout.append(len(tensors))
            tensors.append(torch.as_tensor(numpy.asarray(v, dtype=numpy.float64)))
        else:
            layout.append(-1 - len(scalars))
            scalars.append(float(v))
    register()
    return operators().evaluate(name, VALIDATE[validate], host, tensors, scalars, layout)


def _unpack(key, tensors, scalars, layout):
    return _TARGETS[key], [tensors[i].detach() if i >= 0 else scalars[-1 - i] for i in layout]


def _fake_result(tensors):
    import torch

    shape = torch.broadcast_shapes(*(t.shape for t in tensors))
    floats = [t.dtype for t in tensors if t.is_floating_point()]
    dtype = functools.reduce(torch.promote_types, floats) if floats else torch.get_default_dtype()
    return torch.empty(shape, dtype=dtype, device=tensors[0].device)


def _summed(grad, part, like):
    """``grad * part`` summed over the axes ``like`` was broadcast along, in ``like``'s dtype."""
    g = grad * part
    return (g.sum() if like.dim() == 0 else g.sum_to_size(like.shape)).to(like.dtype)


def register() -> bool:
    """Register the operators ``evaluate`` and ``partials`` once (returns True; marked as :func:`_key` is)."""
    if "evaluate" in _OPS:
        return True
    import torch

    space = operator_namespace()
    validates = {v: k for k, v in VALIDATE.items()}

    @torch.library.custom_op(f"{space}::evaluate", mutates_args=())
    def evaluate_op(
        key: str, validate: int, host: bool, tensors: list[torch.Tensor], scalars: list[float], layout: list[int]
    ) -> torch.Tensor:
        target, values = _unpack(key, tensors, scalars, layout)
        with torch.no_grad():
            return target.value(values, validates[validate], host).clone()

    @evaluate_op.register_fake
    def _(key, validate, host, tensors, scalars, layout):
        return _fake_result(tensors)

    @torch.library.custom_op(f"{space}::partials", mutates_args=())
    def partials_op(
        key: str,
        validate: int,
        host: bool,
        tensors: list[torch.Tensor],
        scalars: list[float],
        layout: list[int],
        out: torch.Tensor,
    ) -> list[torch.Tensor]:
        target, values = _unpack(key, tensors, scalars, layout)
        with torch.no_grad():
            parts = target.partials(values, validates[validate], host, out.detach())
        return [parts[layout.index(i)].clone() for i in range(len(tensors))]

    @partials_op.register_fake
    def _(key, validate, host, tensors, scalars, layout, out):
        return [torch.empty_like(out) for _ in tensors]

    def setup_context(ctx, inputs, output) -> None:
        ctx.inputs, ctx.output = inputs, output

    def backward(ctx, grad):
        key, validate, host, tensors, scalars, layout = ctx.inputs
        parts = partials_op(key, validate, host, tensors, scalars, layout, ctx.output)
        grads = [_summed(grad, part, t) for t, part in zip(tensors, parts)]
        # the structure of the inputs, as PyTorch reads it: a list of numbers is one leaf, an empty list a list
        return None, None, None, grads, None if scalars else [], None

    evaluate_op.register_autograd(backward, setup_context=setup_context)
    _OPS.update(evaluate=evaluate_op, partials=partials_op)
    return True


register._dynamo_marked_constant = True  # type: ignore[attr-defined]


def host_function() -> Any:
    """The ``torch.autograd.Function`` running a target eagerly with its partials (defined on first use)."""
    if "function" in _OPS:
        return _OPS["function"]
    import torch

    class TargetFunction(torch.autograd.Function):
        @staticmethod
        def forward(ctx, target, validate, *values):
            ctx.wanted = [isinstance(v, torch.Tensor) and v.requires_grad for v in values]
            detached = [v.detach() if isinstance(v, torch.Tensor) else v for v in values]
            ctx.target, ctx.validate, ctx.values = target, validate, detached
            return target.value(detached, validate, True)

        @staticmethod
        def backward(ctx, grad):
            parts = ctx.target.partials(ctx.values, ctx.validate, True, None)
            grads = [
                _summed(grad, part, v) if wanted else None for v, part, wanted in zip(ctx.values, parts, ctx.wanted)
            ]
            return (None, None, *grads)

    _OPS["function"] = TargetFunction
    return TargetFunction
