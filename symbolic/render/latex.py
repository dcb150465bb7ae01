r"""The LaTeX report of one document: standalone, compiles with pdflatex.

A document's own words are typeset: text as text, Chinese through ``CJKutf8`` (the Arphic
``gbsn`` font of Debian's ``latex-cjk-chinese-arphic-gbsn00lp``; the package is loaded only
when the document has CJK text, so an English report needs no CJK fonts), and the inline
maths of a quote as maths when it uses only commands that amsmath and amssymb know
(otherwise as its source, in typewriter). Claims too wide for the line are broken at
their top-level relations and + / - (``\\claimparts``), never shrunk as a whole; wide
tables are split into column groups that repeat the first column. The first page is a
review: verdict counts and a table of every step.
"""
from __future__ import annotations

import re

from symbolic.latex.lexer import KNOWN, plain
from symbolic.model import Verdict
from symbolic.render.rows import (DocumentRow, StepRow, decisive_evidence, has_cjk, is_cjk,
                                  name_latex, prose_pieces, split_math, value_latex)
from symbolic.render.styles import VERDICT_STYLES

COLOURS = {verdict: style.latex_colour for verdict, style in VERDICT_STYLES.items()}

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

def escape(text: str, *, breakable: bool = False) -> str:
    """Plain text as LaTeX that typesets it literally (non-ASCII as described above).

    CJK characters pass through (the body is a ``CJK`` environment when the document has
    any). ``breakable`` allows line breaks after brackets and operators, for quotes of
    LaTeX source whose long formulas have no spaces.
    """
    out: list[str] = []
    for ch in text:
        if ch in _TEXT_ESCAPES:
            piece = _TEXT_ESCAPES[ch]
        elif is_cjk(ch):
            piece = ch
        elif ch in _UNICODE:
            piece = _UNICODE[ch]
        elif ord(ch) < 128:
            piece = " " if ord(ch) < 32 or ord(ch) == 127 else ch  # control characters too
        else:  # any other character is named, never dropped silently
            piece = rf"\texttt{{[U+{ord(ch):04X}]}}"
        if breakable and ch == "\\" and out:   # before every command of the source
            out.append(r"\allowbreak{}")
        out.append(piece)
        if breakable and ch in "{}()[],=+*/&-_^|":   # brackets, operators, cells, scripts
            out.append(r"\allowbreak{}")
    return "".join(out)


def prose(text: str, *, breakable: bool = True) -> str:
    """A sentence of the tool or of a gloss: its maths (``$...$``, assignments, ASCII
    relations; see ``prose_pieces``) typeset, the words escaped.

    The maths comes from the project's printer or a gloss's author, so it is typeset as
    written; long maths may break between its top-level parts (``breakable``).
    """
    out = []
    for kind, piece in prose_pieces(text):
        if kind == "math":
            long = breakable and len(piece) >= 60 and len(claim_parts(piece)) > 1
            out.append(_inline_claim(piece) if long else _math(piece))
        else:
            out.append(escape(piece, breakable=True))
    return "".join(out)


# Commands a quote's maths may use to be typeset (amsmath and amssymb know them all);
# any other command shows the maths as source, so a document's own macros never break
# the report.
_MATH_COMMANDS = (KNOWN - {r"\label", r"\\", r"\%", r"\&"}) | frozenset(r"""
\ne \neq \le \leq \ge \geq \approx \sim \simeq \equiv \propto \ll \gg \lt \gt \forall \exists
\sum \prod \int \lim \sup \inf \arg \det \log \ln \exp \max \min \mathrm \mathbf \mathbb \mathcal
\mathit \mathsf \text \textrm \operatorname \cdot \cdots \ldots \dots \times \div \pm \mp
\subset \subseteq \cup \cap \setminus \emptyset \notin \in \ni \to \mapsto \rightarrow
\leftarrow \Rightarrow \Leftarrow \Leftrightarrow \implies \iff \quad \qquad \nabla \partial
\infty \top \prime \hat \bar \tilde \vec \dot \ddot \overline \underline \widehat \widetilde
\sqrt \frac \dfrac \tfrac \binom \left \right \big \Big \bigg \Bigg \langle \rangle \lVert
\rVert \lvert \rvert \vert \Vert \| \{ \} \, \; \: \! \ell \circ \odot \otimes \oplus \star
\ast \bullet \mid \parallel \perp \angle \triangle \square \varepsilon \vartheta \varphi
\varrho \varsigma \sigma \mathrm \limits \nolimits \displaystyle \textstyle \min \max
""".split())
# fullwidth punctuation typed inside maths by a writer of Chinese is the ASCII sign there
_MATH_PUNCTUATION = str.maketrans({"，": ", ", "。": ".", "：": ":", "；": ";", "｜": "|"})
_MATH_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
_MATH_PLAIN = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                  "+-*/=<>()[]{}^_,.|!':; ~\n\t")


def quote_math(source: str) -> str:
    """A quote's inline maths: typeset when it is safe to (known commands, balanced), else shown as source."""
    latex = " ".join(plain(source.translate(_MATH_PUNCTUATION)).split())
    depth, sized = 0, 0
    safe = bool(latex)
    for token in _MATH_TOKEN.findall(latex):
        if token.startswith("\\") and len(token) > 1:
            if token not in _MATH_COMMANDS:
                safe = False
                break
            sized += (token == r"\left") - (token == r"\right")
        elif token not in _MATH_PLAIN:
            safe = False
            break
        depth += (token == "{") - (token == "}")
        if depth < 0:
            safe = False
            break
    if safe and depth == 0 and sized == 0 and not re.search(r"[\^_]\s*$", latex):
        return _math(latex)
    return r"\texttt{" + escape(f"${source}$", breakable=True) + "}"


_DISPLAY_NOISE = re.compile(r"\\(?:begin|end)\{(?:aligned|split|gathered)\}|\\label\{[^{}]*\}"
                            r"|\\begin\{array\}\{[^{}]*\}|\\end\{array\}"
                            r"|\\nonumber|\\notag|&")


def display_math(source: str) -> str:
    """A quote's displayed maths: each row (``\\\\``) on its own lines, broken like a claim
    when too wide; a row that is not safe to typeset is shown as source."""
    rows = [" ".join(row.split()) for row in _DISPLAY_NOISE.sub(" ", source).split(r"\\")]
    out = []
    for row in (r for r in rows if r):
        typeset = quote_math(row)
        out.append(_show_claim(" ".join(plain(row).split())) if typeset.startswith("$") else
                   r"\par " + typeset + r"\par")
    return "".join(out)


def _quote(text: str) -> str:
    """A document's own words: text as text (Chinese included), maths typeset."""
    return "".join(display_math(piece) if kind == "display" else
                   quote_math(piece) if kind else escape(piece, breakable=True)
                   for kind, piece in split_math(text))


def _math(latex: str) -> str:
    return f"${latex}$"


def _verdict(verdict: Verdict) -> str:
    return rf"\verdict{{v{verdict.value}}}{{{verdict.value}}}"


def _step_link(step_id: str) -> str:
    return rf"\hyperref[step:{step_id}]{{{escape(step_id)}}}"


# ---------------------------------------------------------------- claims that fit the line

_RELATION_TOKENS = frozenset(r"= < > \le \leq \ge \geq \ne \neq \approx \gg \ll \propto \implies "
                             r"\Rightarrow \iff \sim \equiv \wedge".split())
_SPACES = frozenset(r"\, \; \: \! \quad \qquad".split())
_CLAIM_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\s+|.", re.S)


def claim_parts(latex: str) -> list[str]:
    """A claim cut before its top-level relations and binary + / - (outside braces and
    ``\\left..\\right``), so that TeX can break a long claim between the parts."""
    parts, current = [], []
    depth = 0
    previous = ""  # last non-space token at depth 0, to tell a binary minus from a unary one
    for token in _CLAIM_TOKEN.findall(latex):
        if token in ("{", r"\left", r"\begin"):   # an environment's rows stay whole
            depth += 1
        elif token in ("}", r"\right", r"\end"):
            depth -= 1
        at_top = depth == 0 and token not in ("{", "}")
        binary = token in ("+", "-") and previous not in ("", "(", "[", "{", "^", "_", ",") \
            and previous not in _RELATION_TOKENS and previous not in ("+", "-")
        if at_top and current and (token in _RELATION_TOKENS or binary) and "".join(current).strip():
            parts.append("".join(current).strip())
            current = []
        current.append(token)
        if not token.isspace() and token not in _SPACES and depth == 0:
            previous = token
    if "".join(current).strip():
        parts.append("".join(current).strip())
    return parts


def _claim_parts_tex(latex: str) -> str:
    parts = claim_parts(latex)
    first = parts[0]
    rest = [f"{{}}{p}" for p in parts[1:]]  # {} keeps a leading + or = binary
    return "".join(rf"\claimpart{{{p}}}" for p in [first] + rest)


def _inline_claim(latex: str) -> str:
    """Maths in a sentence that may break between its top-level parts (long assumptions)."""
    if len(claim_parts(latex)) == 1 and len(latex) < 60:
        return _math(latex)
    return rf"{{\renewcommand{{\claimstyle}}{{\textstyle}}{_claim_parts_tex(latex)}}}\unskip"


def _show_claim(latex: str) -> str:
    return rf"\showclaim{{{latex}}}{{{_claim_parts_tex(latex)}}}"


_PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage[a4paper,margin=2.2cm]{geometry}
\usepackage{amsmath}
\usepackage{amssymb}
\usepackage{xcolor}
\usepackage{graphicx}
\usepackage{booktabs}
\usepackage{array}
\usepackage{longtable}
"""
_HYPERREF = r"""\usepackage[colorlinks=true,linkcolor=blue!50!black,urlcolor=blue!50!black]{hyperref}
"""

_MACROS = r"""\newcommand{\verdict}[2]{\colorbox{#1}{\textcolor{white}{\sffamily\bfseries\strut #2}}}
\newcommand{\shaky}{\textcolor{orange!85!black}{\bfseries$\triangle$\,rests on unproved steps}}
\newsavebox{\claimbox}
\newsavebox{\partbox}
% a part of a claim; a part wider than a continuation line (rare: one huge fraction) is
% scaled to fit it rather than run into the margin
\newcommand{\claimstyle}{\displaystyle}
\newcommand{\claimpart}[1]{\sbox{\partbox}{$\claimstyle #1$}%
  \ifdim\wd\partbox>\dimexpr\linewidth-2em\relax
    \resizebox{\dimexpr\linewidth-2em\relax}{!}{\usebox{\partbox}}%
  \else\usebox{\partbox}\fi\hskip 0pt plus 0.2em\relax}
% a claim on one centred line when it fits, else broken between its top-level parts
\newcommand{\showclaim}[2]{\par\smallskip\noindent\sbox{\claimbox}{$\displaystyle #1$}%
  \ifdim\wd\claimbox>\linewidth
    {\raggedright\hangindent=2em\hangafter=1\noindent #2\par}%
  \else\makebox[\linewidth]{\usebox{\claimbox}}\fi\par\smallskip}
\newcommand{\tableclaim}[1]{{\renewcommand{\claimstyle}{\textstyle}\raggedright\hangindent=1em\hangafter=1 #1\par}}
\newsavebox{\tablebox}
\newcommand{\fittable}[1]{\sbox{\tablebox}{#1}%
  \ifdim\wd\tablebox>\linewidth\resizebox{\linewidth}{!}{\usebox{\tablebox}}%
  \else\usebox{\tablebox}\fi}
\setlength{\parindent}{0pt}
\setlength{\parskip}{3pt}
\emergencystretch=3em
"""


def render_latex(doc: DocumentRow) -> str:
    """The standalone LaTeX report of one document."""
    cjk = _document_has_cjk(doc)
    lines = [_PREAMBLE + (r"\usepackage{CJKutf8}" + "\n" if cjk else "") + _HYPERREF]
    for verdict, colour in COLOURS.items():
        lines.append(rf"\colorlet{{v{verdict.value}}}{{{colour}}}")
    lines += [_MACROS, r"\begin{document}"]
    if cjk:
        lines.append(r"\begin{CJK}{UTF8}{gbsn}")
    lines += [rf"\begin{{center}}{{\Large\bfseries {prose(doc.title, breakable=False)}\par}}\end{{center}}", ""]
    lines += _header(doc, cjk)
    lines += _overview(doc)
    for step in doc.steps:
        lines += _step(step)
    lines += _figures(doc)
    if cjk:
        lines.append(r"\end{CJK}")
    lines += [r"\end{document}", ""]
    return "\n".join(lines)


def _document_has_cjk(doc: DocumentRow) -> bool:
    texts = [doc.title, doc.description] + [s.quote for s in doc.steps] + \
        [s.gloss or "" for s in doc.steps] + [e.detail for s in doc.steps for e in s.evidence] + \
        [cell for s in doc.steps for row in (s.table or ()) for cell in row]
    return any(has_cjk(t) for t in texts)


def _header(doc: DocumentRow, cjk: bool) -> list[str]:
    lines = [rf"\noindent Document \texttt{{{escape(doc.id)}}}, source \texttt{{{escape(doc.source)}}}."]
    if doc.description:
        lines += ["", prose(doc.description)]
    note = r"Quotes are the document's own words"
    note += r" (its Chinese text included); " if cjk else "; "
    lines += ["", note + r"a \shaky{} mark flags a step that builds on a step that is not fully proved.", ""]
    counts = doc.counts
    present = [v for v in Verdict if counts[v.value]]
    lines += [r"\begin{center}", r"\begin{tabular}{l" + "r" * (len(present) + 1) + "}", r"\toprule",
              " & ".join(["steps"] + [_verdict(v) for v in present]) + r" \\",
              r"\midrule",
              " & ".join([str(len(doc.steps))] + [str(counts[v.value]) for v in present]) + r" \\",
              r"\bottomrule", r"\end{tabular}", r"\end{center}", ""]
    return lines


def _overview(doc: DocumentRow) -> list[str]:
    """The review's table: every step with its claim, verdict and what it corrects or rests on."""
    lines = [r"{\small\setlength{\tabcolsep}{4pt}",
             r"\begin{longtable}{@{}>{\raggedright\arraybackslash}p{0.11\linewidth}"
             r">{\raggedright\arraybackslash}p{0.52\linewidth}"
             r">{\raggedright\arraybackslash}p{0.13\linewidth}"
             r">{\raggedright\arraybackslash}p{0.17\linewidth}@{}}",
             r"\toprule step & claim & verdict & notes \\ \midrule \endhead",
             r"\bottomrule \endfoot"]
    for step in doc.steps:
        if step.claim_latex is not None:
            claim = rf"\tableclaim{{{_claim_parts_tex(step.claim_latex)}}}"
        else:
            claim = rf"\textit{{{escape(step.kind)}}}"
        notes = []
        if step.corrects:
            notes.append("corrects " + _step_link(step.corrects))
        if step.corrected_by:
            notes.append("corrected by " + ", ".join(_step_link(s) for s in step.corrected_by))
        if step.shaky:
            notes.append("rests on " + ", ".join(_step_link(r) for r, _ in step.shaky))
        lines.append(f"{_step_link(step.id)} & {claim} & {_verdict(step.verdict)} & "
                     + "; ".join(notes) + r" \\")
    lines += [r"\end{longtable}}", r"\clearpage", ""]
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
    if step.quote.strip():
        lines += [r"\begin{quote}", _quote(step.quote.strip()), r"\end{quote}"]
    if step.gloss:
        lines.append(rf"{{\raggedright\emph{{{prose(step.gloss)}}}\par}}")  # ragged: see _details
    if step.claim_latex is not None:
        lines.append(_show_claim(step.claim_latex))
    items = _details(step)
    if items:
        # ragged right: a line that ends before a long formula is short, not stretched (in
        # justified text TeX would rather overfill it than leave it so loose)
        lines += [r"\begin{itemize}"] + [
            rf"\item {item}" if item.startswith(r"{\raggedright") else rf"\item {{\raggedright {item}\par}}"
            for item in items] + [r"\end{itemize}"]
    if step.table:
        lines += _table(step.table)
    for name in step.figures:
        lines.append(rf"\IfFileExists{{{name}}}{{\begin{{center}}\includegraphics[width=0.7\linewidth]"
                     rf"{{{name}}}\end{{center}}}}{{(figure \texttt{{{escape(name)}}} missing)}}")
    lines.append("")
    return lines


def _details(step: StepRow) -> list[str]:
    items = []
    decided, attempts = decisive_evidence(step)
    if step.counterexample:
        items.append(r"\textbf{Counterexample:} " + ", ".join(
            _value(name, value) for name, value in step.counterexample))
    for evidence in decided:
        items.append(rf"\textbf{{{escape(evidence.method)}:}} {prose(evidence.detail)}")
    if attempts:
        items.append(r"\textcolor{black!60}{\small Did not decide: "
                     + ", ".join(rf"\texttt{{{escape(e.method)}}}".replace(r"\_", r"\_\allowbreak{}")
                               for e in attempts) + "}")
    if step.assumptions:
        items.append(r"{\raggedright\textbf{Assumptions:} "
                     + ", ".join(_inline_claim(a) for a in step.assumptions) + r"\par}")
    if step.regime:
        items.append(r"\textbf{Regime:} " + prose(step.regime))
    if step.corrects:
        items.append(rf"\textbf{{Corrects}} step {_step_link(step.corrects)}")
    if step.corrected_by:
        items.append(r"\textbf{Corrected by} " + ", ".join(_step_link(s) for s in step.corrected_by))
    if step.shaky:
        items.append(r"\shaky: " + "; ".join(f"{_step_link(ref)} ({escape(why)})" for ref, why in step.shaky))
    return items


def _value(name: str, value: str) -> str:
    n, v = name_latex(name), value_latex(value)
    if n is not None and v is not None:
        return _math(f"{n} = {v}")
    # a name that is a phrase (an experiment's statistic) is prose with its maths typeset
    shown = prose(name, breakable=False) if "$" in name else rf"\texttt{{{escape(name)}}}"
    if v is not None:
        return shown + " = " + _math(v)
    # a value that is a sentence with maths (a model) is prose; anything else is shown as printed
    return shown + " = " + (prose(value) if "$" in value else rf"\texttt{{{escape(value, breakable=True)}}}")


# widths (pt) of a character at \footnotesize and of a column's padding, to group columns
_CHAR_PT = 4.6
_PAD_PT = 8.0
_LINE_PT = 440.0  # a4 with 2.2 cm margins: about 470 pt of text; the rest is a margin of safety


def table_groups(table) -> list[list[int]]:
    """Columns of a wide table in groups that fit the line, each repeating column 0."""
    width = max(len(row) for row in table)
    widths = [max(len(row[c]) if c < len(row) else 0 for row in table) * _CHAR_PT + _PAD_PT
              for c in range(width)]
    groups, current, used = [], [0], widths[0]
    for c in range(1, width):
        if used + widths[c] > _LINE_PT and len(current) > 1:
            groups.append(current)
            current, used = [0], widths[0]
        current.append(c)
        used += widths[c]
    groups.append(current)
    return groups


def _table(table) -> list[str]:
    width = max(len(row) for row in table)
    rows = [list(row) + [""] * (width - len(row)) for row in table]
    lines = []
    groups = table_groups(rows)
    for k, columns in enumerate(groups):
        if len(groups) > 1:
            lines.append(rf"\par\noindent{{\small columns {columns[1] + 1}--{columns[-1] + 1} of {width}}}")
        lines += [r"\begin{center}\footnotesize\setlength{\tabcolsep}{4pt}",
                  r"\fittable{\begin{tabular}{" + "l" * len(columns) + "}", r"\toprule",
                  " & ".join(_cell(rows[0][c]) for c in columns) + r" \\", r"\midrule"]
        lines += [" & ".join(_cell(row[c]) for c in columns) + r" \\" for row in rows[1:]]
        lines += [r"\bottomrule", r"\end{tabular}}", r"\end{center}"]
    return lines


def _cell(text: str) -> str:
    """A table cell: its maths (``$...$``) typeset, the rest as text."""
    return prose(text, breakable=False) if "$" in text else escape(text)


def _figures(doc: DocumentRow) -> list[str]:
    if not doc.figures:
        return []
    lines = [r"\section*{Figures}"]
    if doc.figures_note:
        return lines + [prose(doc.figures_note), ""]
    for figure in doc.figures:
        lines += [r"\begin{figure}[htbp]", r"\centering",
                  rf"\includegraphics[width=0.8\linewidth]{{{figure.path}}}",
                  rf"\caption{{{prose(figure.caption, breakable=False)}}}", r"\end{figure}", ""]
    return lines
