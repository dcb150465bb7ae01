r"""The LaTeX report of one document: standalone, compiles with pdflatex.

Only amsmath, amssymb, xcolor, hyperref, booktabs and graphicx are used. pdflatex cannot
typeset Chinese without CJK fonts, which we do not require: a run of CJK text in a quote
is shown as a grey ``[zh]`` mark (the Markdown report has every quote in full); common
non-ASCII symbols (Greek letters, subscripts, fullwidth punctuation, math symbols) are
mapped to their LaTeX forms, and any other character is named as ``[U+XXXX]``.
"""
from __future__ import annotations

from symbolic.model import Verdict
from symbolic.render.rows import DocumentRow, StepRow, name_latex, value_latex

COLOURS = {
    Verdict.PROVED: "green!50!black",
    Verdict.VERIFIED: "blue!60!black",
    Verdict.REFUTED: "red!75!black",
    Verdict.APPROXIMATE: "orange!85!black",
    Verdict.INCONCLUSIVE: "gray",
    Verdict.TIMEOUT: "gray!70!black",
    Verdict.PROSE: "black!45",
    Verdict.ERROR: "magenta!70!black",
}

_TEXT_ESCAPES = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "%": r"\%",
    "#": r"\#", "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}",
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}", '"': "''",
}

_UNICODE = {
    "，": ", ", "。": ". ", "：": ": ", "；": "; ", "、": ", ", "（": " (", "）": ") ",
    "“": "``", "”": "''", "‘": "`", "’": "'", "…": r"\ldots{}", "•": r"\textbullet{}",
    "·": r"$\cdot$", "≠": r"$\neq$", "≈": r"$\approx$", "≤": r"$\le$", "≥": r"$\ge$",
    "∞": r"$\infty$", "√": r"$\surd$", "∑": r"$\Sigma$", "→": r"$\to$", "⇒": r"$\Rightarrow$",
    "×": r"$\times$", "±": r"$\pm$", "−": "-", "–": "--", "—": "---", "\u00a0": "~",
    "∝": r"$\propto$", "∈": r"$\in$", "∉": r"$\notin$", "∀": r"$\forall$", "∃": r"$\exists$",
    "∂": r"$\partial$", "∇": r"$\nabla$", "∫": r"$\int$", "≪": r"$\ll$", "≫": r"$\gg$",
    "⊂": r"$\subset$", "∪": r"$\cup$", "∩": r"$\cap$", "⟨": r"$\langle$", "⟩": r"$\rangle$",
    "∘": r"$\circ$", "⊤": r"$\top$", "‖": r"$\|$", "′": "'", "≡": r"$\equiv$", "⇔": r"$\Leftrightarrow$",
    "²": r"$^{2}$", "³": r"$^{3}$", "¹": r"$^{1}$", "é": r"\'e", "ö": r"\"o", "ü": r"\"u",
    "ᵢ": r"$_{i}$", "ⱼ": r"$_{j}$", "ₖ": r"$_{k}$", "ₙ": r"$_{n}$", "ᵀ": r"$^{T}$",
}
_UNICODE.update({chr(0x2080 + k): f"$_{{{k}}}$" for k in range(10)})
_UNICODE.update({c: f"$^{{{k}}}$" for k, c in enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹")})
_GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi "
          "rho varsigma sigma tau upsilon phi chi psi omega").split()
for _k, _name in enumerate(_GREEK):
    _UNICODE[chr(0x3B1 + _k)] = "o" if _name == "omicron" else rf"$\{_name}$"
for _c, _name in zip("ΓΔΘΛΞΠΣΦΨΩ", "Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi Omega".split()):
    _UNICODE[_c] = rf"$\{_name}$"

OMITTED = r"\omitted{}"  # a run of CJK text, which pdflatex cannot typeset without CJK fonts


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF
            or 0x20000 <= code <= 0x2FA1F or 0xAC00 <= code <= 0xD7AF)


def escape(text: str, *, breakable: bool = False) -> str:
    """Plain text as LaTeX that typesets it literally (non-ASCII as described above).

    ``breakable`` allows line breaks after brackets and operators, for quotes of LaTeX
    source whose long formulas have no spaces.
    """
    out: list[str] = []
    for ch in text:
        if ch in _TEXT_ESCAPES:
            piece = _TEXT_ESCAPES[ch]
        elif ch in _UNICODE:
            piece = _UNICODE[ch]
        elif ord(ch) < 128:
            piece = " " if ord(ch) < 32 or ord(ch) == 127 else ch  # control characters too
        elif _is_cjk(ch):
            if out and out[-1] == OMITTED:
                continue
            piece = OMITTED
        else:  # any other character is named, never dropped silently
            piece = rf"\texttt{{[U+{ord(ch):04X}]}}"
        out.append(piece)
        if breakable and ch in "}),=+":
            out.append(r"\allowbreak{}")
    return "".join(out)


def _math(latex: str) -> str:
    return f"${latex}$"


def _verdict(verdict: Verdict) -> str:
    return rf"\verdict{{v{verdict.value}}}{{{verdict.value}}}"


def _step_link(step_id: str) -> str:
    return rf"\hyperref[step:{step_id}]{{{escape(step_id)}}}"


_PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage{amsmath}
\usepackage{amssymb}
\usepackage{xcolor}
\usepackage{graphicx}
\usepackage{booktabs}
\usepackage[colorlinks=true,linkcolor=blue!50!black,urlcolor=blue!50!black]{hyperref}
"""

_MACROS = r"""\newcommand{\verdict}[2]{\colorbox{#1}{\textcolor{white}{\sffamily\bfseries\strut #2}}}
\newcommand{\omitted}{\textcolor{gray}{\textit{[zh]}}}
\newcommand{\shaky}{\textcolor{orange!85!black}{\bfseries$\triangle$\,rests on unproved steps}}
\newsavebox{\claimbox}
\newcommand{\showclaim}[1]{\par\smallskip\noindent\sbox{\claimbox}{$\displaystyle #1$}%
  \ifdim\wd\claimbox>\linewidth\resizebox{\linewidth}{!}{\usebox{\claimbox}}%
  \else\makebox[\linewidth]{\usebox{\claimbox}}\fi\par\smallskip}
\setlength{\parindent}{0pt}
\setlength{\parskip}{3pt}
"""


def render_latex(doc: DocumentRow) -> str:
    """The standalone LaTeX report of one document."""
    lines = [_PREAMBLE]
    for verdict, colour in COLOURS.items():
        lines.append(rf"\colorlet{{v{verdict.value}}}{{{colour}}}")
    lines += [_MACROS, r"\begin{document}",
              rf"\begin{{center}}{{\Large\bfseries {escape(doc.title)}\par}}\end{{center}}", ""]
    lines += _header(doc)
    for step in doc.steps:
        lines += _step(step)
    lines += _figures(doc)
    lines += [r"\end{document}", ""]
    return "\n".join(lines)


def _header(doc: DocumentRow) -> list[str]:
    lines = [rf"\noindent Document \texttt{{{escape(doc.id)}}}, source \texttt{{{escape(doc.source)}}}."]
    if doc.description:
        lines += ["", escape(doc.description)]
    lines += ["", r"Quotes are the document's own words; its Chinese text is shown as \omitted{} here "
              r"and in full in the Markdown report. A \shaky{} mark flags a step that builds on a "
              r"step that is not fully proved.", ""]
    counts = doc.counts
    present = [v for v in Verdict if counts[v.value]]
    lines += [r"\begin{center}", r"\begin{tabular}{l" + "r" * (len(present) + 1) + "}", r"\toprule",
              " & ".join(["steps"] + [_verdict(v) for v in present]) + r" \\",
              r"\midrule",
              " & ".join([str(len(doc.steps))] + [str(counts[v.value]) for v in present]) + r" \\",
              r"\bottomrule", r"\end{tabular}", r"\end{center}", ""]
    return lines


def _step(step: StepRow) -> list[str]:
    head = rf"\subsection*{{\texorpdfstring{{\texttt{{{escape(step.id)}}}}}{{{escape(step.id)}}}" \
           rf"\quad{_verdict(step.verdict)}"
    if step.shaky:
        head += r"\quad\shaky"
    lines = [head + "}", rf"\label{{step:{step.id}}}", rf"\textit{{{escape(step.kind)}}}"]
    if step.rule:
        lines[-1] += rf" \quad rule \texttt{{{escape(step.rule)}}}"
        if step.premises:
            lines[-1] += " from " + ", ".join(_step_link(p) for p in step.premises)
    if step.depends_on:
        lines[-1] += r" \quad depends on " + ", ".join(_step_link(d) for d in step.depends_on)
    lines += [r"\begin{quote}\small\ttfamily\raggedright", escape(step.quote, breakable=True),
              r"\end{quote}"]
    if step.gloss:
        lines.append(rf"\emph{{{escape(step.gloss)}}}")
    if step.claim_latex is not None:
        lines.append(rf"\showclaim{{{step.claim_latex}}}")
    items = _details(step)
    if items:
        lines += [r"\begin{itemize}"] + [rf"\item {item}" for item in items] + [r"\end{itemize}"]
    if step.table:
        lines += _table(step.table)
    for name in step.figures:
        lines.append(rf"\IfFileExists{{{name}}}{{\begin{{center}}\includegraphics[width=0.7\linewidth]"
                     rf"{{{name}}}\end{{center}}}}{{(figure \texttt{{{escape(name)}}} missing)}}")
    lines.append("")
    return lines


def _details(step: StepRow) -> list[str]:
    items = []
    if step.assumptions:
        items.append(r"\textbf{Assumptions:} " + ", ".join(_math(a) for a in step.assumptions))
    if step.regime:
        items.append(r"\textbf{Regime:} " + escape(step.regime))
    if step.corrects:
        items.append(rf"\textbf{{Corrects}} step {_step_link(step.corrects)}")
    if step.corrected_by:
        items.append(r"\textbf{Corrected by} " + ", ".join(_step_link(s) for s in step.corrected_by))
    if step.shaky:
        items.append(r"\shaky: " + "; ".join(f"{_step_link(ref)} ({escape(why)})" for ref, why in step.shaky))
    if step.counterexample:
        items.append(r"\textbf{Counterexample:} " + ", ".join(
            _value(name, value) for name, value in step.counterexample))
    for evidence in step.evidence:
        items.append(rf"\textbf{{{escape(evidence.method)}:}} {escape(evidence.detail, breakable=True)}")
    return items


def _value(name: str, value: str) -> str:
    n, v = name_latex(name), value_latex(value)
    if n is not None and v is not None:
        return _math(f"{n} = {v}")
    return rf"\texttt{{{escape(name)}}} = \texttt{{{escape(value, breakable=True)}}}"


def _table(table) -> list[str]:
    width = max(len(row) for row in table)
    rows = [list(row) + [""] * (width - len(row)) for row in table]
    lines = [r"\begin{center}\small", r"\begin{tabular}{" + "l" * width + "}", r"\toprule",
             " & ".join(escape(c) for c in rows[0]) + r" \\", r"\midrule"]
    lines += [" & ".join(escape(c) for c in row) + r" \\" for row in rows[1:]]
    lines += [r"\bottomrule", r"\end{tabular}", r"\end{center}"]
    return lines


def _figures(doc: DocumentRow) -> list[str]:
    if not doc.figures:
        return []
    lines = [r"\section*{Figures}"]
    if doc.figures_note:
        return lines + [escape(doc.figures_note), ""]
    for figure in doc.figures:
        lines += [r"\begin{figure}[htbp]", r"\centering",
                  rf"\includegraphics[width=0.8\linewidth]{{{figure.path}}}",
                  rf"\caption{{{escape(figure.caption)}}}", r"\end{figure}", ""]
    return lines
