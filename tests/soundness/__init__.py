"""The adversarial soundness suite of the verification engine (issue 8).

Several hundred statements built from the families and the field's classic
facts, each a call of :func:`symmetric.verify.check` with the truth known
independently of the engine: false ones carry a witness certified by exact
evaluation (:mod:`.exact`), true ones a justification. :mod:`.suite`
assembles them, :mod:`.run` checks them in worker processes, and
``python -m tests.soundness`` prints the figures; ``test_suite.py`` asserts
them under pytest.
"""
