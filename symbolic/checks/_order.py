"""The checker pipeline's order, written out so that a check imports a family only when the
pipeline reaches it (``symbolic.checks._pipeline``).

``PIPELINE`` is ``registered_checkers()`` as (name, family module) pairs, cheapest first;
``FAMILIES`` is every family module of ``symbolic.checks``. Both are written by hand from the
registry; ``tests/checks/test_pipeline_order.py`` fails (and prints the lines to paste here)
when a checker or a family is added, renamed or re-tiered without updating them. A checker or a
family that the table does not name is also caught at run time: the pipeline then imports
every family and follows the registry. (A re-tiered checker is caught by the test alone.)
"""

PIPELINE = (
    ("definition_fresh_name", "definitions"),
    ("algebraic_expand", "algebraic"),
    ("algebraic_log", "algebraic"),
    ("algebraic_powsimp", "algebraic"),
    ("algebraic_simplify", "algebraic"),
    ("algebraic_structural", "algebraic"),
    ("logic_boolean", "logic"),
    ("indexed_implication", "indexed"),
    ("distributions_exact", "distributions"),
    ("logic_linear_implication", "logic"),
    ("numeric_sample", "numeric"),
    ("numeric_deferred", "numeric"),
    ("expectation_linearity", "expectation"),
    ("integral_value", "integrals"),
    ("approx_measure", "approx"),
    ("matrix_entries", "matrix_entries"),
    ("matrix_rewrite", "matrices"),
    ("blocks_auto", "blocks"),
    ("inequality_sign", "inequality"),
    ("rules_auto", "rules"),
    ("solution_sets_solveset", "solution_sets"),
    ("complex_exp_rational", "exp_rational"),
    ("indexed_identity", "indexed"),
    ("inequality_substitution", "inequality"),
    ("series_gamma", "infinite_rational"),
    ("algebraic_derivative", "algebraic"),
    ("algebraic_exp_rewrite", "algebraic"),
    ("algebraic_limit", "algebraic"),
    ("algebraic_sum", "algebraic"),
    ("algebraic_trigsimp", "algebraic"),
    ("complex_principal_branch", "complex_identities"),
    ("derivative_induction", "derivative_order"),
    ("limits_modulus", "limits"),
    ("inequality_calculus", "inequality"),
    ("algebraic_fullsimplify", "algebraic"),
    ("implication_exact_points", "implication"),
    ("matrix_instances", "matrices"),
)

FAMILIES = frozenset({
    "algebraic", "approx", "blocks", "combination", "complex_identities", "definitions",
    "derivative_order", "distributions", "exp_rational", "expectation", "experiment",
    "free_moments", "implication", "indexed", "inequality", "infinite_rational", "integrals",
    "limits", "logic", "matrices", "matrix_entries", "moments", "numeric", "rules", "solution_sets",
    "templates",
})
