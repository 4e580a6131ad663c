"""The string literals of a Python module, docstrings aside: where the layer test
(tests/unit/test_layers.py) looks for JavaScript written inside Python."""

from __future__ import annotations

import ast
from collections.abc import Iterator


def string_literals(source: str) -> Iterator[ast.Constant]:
    """Every str constant of `source` except the docstrings of its module, classes and
    functions (prose about code, not code)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node
