"""How a patch point says that Reflex, React Router or Vite no longer does what it relies on."""

from __future__ import annotations


class FrameworkChanged(RuntimeError):
    """A build stopped because generated code or a framework module changed under a patch.

    The message is one line: the patch point, what it found instead of what it expected,
    and the file to update (docs/upgrading.md says how)."""

    def __init__(self, patch_point: str, what_changed: str, file_to_update: str):
        super().__init__(f"{patch_point}: {what_changed}; update {file_to_update}")
