"""Python handles for the small React adapters in assets/widgets/.

UI state the pages decide is written in Python (the components beside their
ClientStateVars). What remains here wraps code that Python cannot express: the 404
page's language, known only in the browser for a shell shared by every unknown path.
"""

from __future__ import annotations

import reflex as rx

from clinic.reflex_bridge import JsxWidget


class ByPathLanguage(JsxWidget):
    library = JsxWidget.at("ByPathLanguage")
    tag = "ByPathLanguage"
    redirects: rx.Var[dict[str, str]]
    # The tab title per language ([Spanish, English]): the shared head is Spanish.
    titles: rx.Var[list[str]]


by_path_language = ByPathLanguage.create
