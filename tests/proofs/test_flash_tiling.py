"""Online softmax and FlashAttention tiling (flash_tiling.tex): the sizes stay general.

Each step's verdict is compared with ``verdicts/flash_tiling.py`` by ``test_verdicts.py``.
"""

from proofs.flash_tiling import DERIVATION


def test_general_sizes_are_symbols():
    """No claim of the document is about a fixed number of scores or columns."""
    for step in DERIVATION.steps:
        sizes = {s.name for s in step.claim.free_symbols} & {"n", "j", "S", "B_1", "B_2", "J", "B_c"}
        assert sizes or step.id.startswith("OS-8") or step.id in ("OS-1", "OS-2"), step.id
