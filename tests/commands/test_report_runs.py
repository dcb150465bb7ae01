"""The cache of whole report runs serves a run only when every source file and version matches."""
from __future__ import annotations

import argparse

import pytest

from symbolic.commands import report_runs


@pytest.fixture
def trees(tmp_path, monkeypatch):
    """A fake ``symbolic`` tree and ``proofs`` tree, each with one source file."""
    code, proofs = tmp_path / "symbolic", tmp_path / "proofs"
    code.mkdir()
    proofs.mkdir()
    (code / "engine.py").write_text("X = 1\n")
    (proofs / "doc.py").write_text("DOC = 1\n")
    monkeypatch.setattr(report_runs, "_trees", lambda: [code, proofs])
    return code, proofs


FILES = {"doc.md": b"# doc\n", "summary.json": b"{}\n"}


def _store(root, docs=("doc",), files=FILES):
    return report_runs.store(list(docs), dict(files), summary="1 proved", steps={"doc": 1},
                             source_files=[], root=root)


def test_a_stored_run_is_served_with_its_files(trees, tmp_path):
    root = tmp_path / "cache"
    assert _store(root)
    entry = report_runs.lookup(["doc"], root)
    assert entry is not None and entry["bytes"] == FILES and entry["summary"] == "1 proved"
    assert report_runs.lookup(["other"], root) is None          # another request
    assert report_runs.lookup([], root) is None                 # "all documents" is another request


def test_an_edited_source_file_is_a_miss(trees, tmp_path):
    code, proofs = trees
    root = tmp_path / "cache"
    _store(root)
    (proofs / "doc.py").write_text("DOC = 2\n")
    assert report_runs.lookup(["doc"], root) is None
    (proofs / "doc.py").write_text("DOC = 1\n")                 # back as it was: served again
    assert report_runs.lookup(["doc"], root) is not None
    (code / "engine.py").write_text("X = 2\n")
    assert report_runs.lookup(["doc"], root) is None


def test_a_new_or_removed_file_is_a_miss(trees, tmp_path):
    code, proofs = trees
    root = tmp_path / "cache"
    _store(root)
    (code / "new_checker.py").write_text("Y = 1\n")
    assert report_runs.lookup(["doc"], root) is None
    (code / "new_checker.py").unlink()
    assert report_runs.lookup(["doc"], root) is not None
    (proofs / "data.txt").write_text("a quote\n")              # any file of proofs/ counts
    assert report_runs.lookup(["doc"], root) is None


def test_other_library_versions_are_a_miss(trees, tmp_path, monkeypatch):
    root = tmp_path / "cache"
    _store(root)
    monkeypatch.setattr(report_runs, "_versions", lambda: {"python": "0", "sympy": "sympy-0.1.dist-info"})
    assert report_runs.lookup(["doc"], root) is None


def test_a_damaged_blob_is_a_miss(trees, tmp_path):
    root = tmp_path / "cache"
    _store(root)
    blobs = list((root / "reports" / "blobs").rglob("*"))
    blob = next(p for p in blobs if p.is_file())
    blob.write_bytes(b"tampered")
    assert report_runs.lookup(["doc"], root) is None


def test_documents_from_paths_are_never_stored_or_served(trees, tmp_path):
    root = tmp_path / "cache"
    assert not _store(root, docs=("my/doc.py",))
    assert report_runs.lookup(["my/doc.py"], root) is None


def test_run_from_cache_writes_and_checks_the_stored_files(trees, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    _store(report_runs.ROOT_DEFAULT)
    out = tmp_path / "out"
    args = argparse.Namespace(docs=["doc"], out=str(out), check=False, no_cache=False, pdf=False)
    assert report_runs.run_from_cache(args) == 0
    assert (out / "doc.md").read_bytes() == FILES["doc.md"]
    assert "wrote 2 of 2 report files" in capsys.readouterr().out
    args.check = True
    assert report_runs.run_from_cache(args) == 0
    (out / "doc.md").write_bytes(b"old\n")
    assert report_runs.run_from_cache(args) == 1
    assert "doc.md: stale" in capsys.readouterr().out
    args.no_cache = True                                        # --no-cache: always the full run
    assert report_runs.run_from_cache(args) is None
