"""Numeric evidence: sample points, high-precision evaluation, and independent confirmation.

:mod:`.sample_points` chooses adversarial points; :mod:`.high_precision` (with
:mod:`.mpmath_printer`) and :mod:`.rational_evaluator` evaluate both sides;
:mod:`.numeric` runs the points through them; :mod:`.confirm` confirms a
candidate counterexample along another path. Evidence supports or refutes,
never proves.
"""
