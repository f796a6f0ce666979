"""The limit routine: exact one-sided limits with symbolic parameters.

:mod:`.routine` (``limit_value``, ``replace_limits``) over exact asymptotics
(:mod:`.asymptotic`) and series arithmetic (:mod:`.series`); :mod:`.limit_signs`
holds what limits add to the sign decider (``t -> 0+``, ``NeedSign``). Imports
only the core and signs layers.
"""
