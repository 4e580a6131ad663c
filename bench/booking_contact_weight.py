"""What the booking and contact pages cost a patient on a slow phone, from the exported
build (run `make export` or the e2e suite first), and the longest WhatsApp link the
contact form can produce.

    .venv/bin/python bench/booking_contact_weight.py

Writes bench/reports/booking-contact.md.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from clinic.framework.app_folders import EXPORT_DIR  # noqa: E402
from clinic.server.middleware import prerendered_file  # noqa: E402
from clinic.site.components.contact_form import MESSAGE_MAX_LENGTH  # noqa: E402
from clinic.site.content import LANGS, content  # noqa: E402
from clinic.site.i18n import text_of  # noqa: E402
from clinic.site.routes import path_for  # noqa: E402
from devtools.bench_runs import report_path  # noqa: E402

REPORT = report_path("booking-contact")
# The form's own input caps (clinic/site/components/contact_form.py).
FIELD_CAPS = {"name": 100, "email": 254, "phone": 30, "message": MESSAGE_MAX_LENGTH}


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), 9))


def page_assets(html: str) -> list[Path]:
    refs = re.findall(r'(?:href|src)="(/assets/[^"]+\.(?:js|css))"', html)
    return sorted({EXPORT_DIR / ref.lstrip("/") for ref in refs})


def widget_chunk(name: str) -> Path:
    return next((EXPORT_DIR / "assets").glob(f"{name}-*.js"))


def worst_case_url(lang: str) -> int:
    """Every field at its cap, every character the costliest to encode: 3 UTF-8 bytes,
    9 characters once percent-encoded (an emoji is 4 bytes but 2 of the capped units)."""
    costly = "€"  # 3 bytes in UTF-8 -> "%E2%82%AC"
    values = {key: costly * cap for key, cap in FIELD_CAPS.items()}
    lines = [
        text_of(lang, f"contact.whatsapp.{key}")
        for key in ("greeting", "email", "phone", "message")
    ]
    text = "\n".join(
        line.replace("{" + key + "}", values[key])
        for line, key in zip(lines, ("name", "email", "phone", "message"), strict=True)
    )
    return len(f"{content().clinic.whatsapp_url}?text={quote(text, safe='')}")


# A plausible long message: ordinary Spanish prose, accents and all.
SAMPLE_PROSE = (
    "Hola, quisiera saber si puedo agendar una revisión después de mi ultrasonido. "
    "Tengo dudas sobre mi último resultado de Papanicolaou y el seguimiento que necesito. "
)


def typical_url(lang: str) -> int:
    values = {
        "name": "María Fernanda López Hernández",
        "email": "maria.lopez@example.com",
        "phone": "+52 998 123 4567",
        "message": (SAMPLE_PROSE * 20)[:MESSAGE_MAX_LENGTH],
    }
    keys = ("greeting", "email", "phone", "message")
    text = "\n".join(
        text_of(lang, f"contact.whatsapp.{k}").replace("{" + f + "}", values[f])
        for k, f in zip(keys, ("name", "email", "phone", "message"), strict=True)
    )
    return len(f"{content().clinic.whatsapp_url}?text={quote(text, safe='')}")


def main() -> None:
    if not EXPORT_DIR.is_dir():
        raise SystemExit("no build: run `make export` first")
    rows = []
    for page_id in ("booking", "contact"):
        for lang in LANGS:
            html_path = EXPORT_DIR / prerendered_file(path_for(page_id, lang)).lstrip("/")
            html = html_path.read_text(encoding="utf-8")
            assets = page_assets(html)
            js = sum(gz(p) for p in assets if p.suffix == ".js")
            css = sum(gz(p) for p in assets if p.suffix == ".css")
            rows.append((path_for(page_id, lang), gz(html_path), js, css))
    images = sorted((EXPORT_DIR / "img" / "contact").glob("contact-background-*"))
    lines = [
        "# Booking and contact pages: weight and link length",
        "",
        "Sizes are gzip -9 of the exported files (what a CDN would send compressed).",
        "",
        "| page | HTML | JS referenced | CSS |",
        "|---|---:|---:|---:|",
        *(
            f"| {path} | {h / 1024:.1f} kB | {j / 1024:.1f} kB | {c / 1024:.1f} kB |"
            for path, h, j, c in rows
        ),
        "",
        "| widget chunk | gzip |",
        "|---|---:|",
        *(f"| {name} | {gz(widget_chunk(name)) / 1024:.1f} kB |" for name in ("CalEmbed",)),
        "",
        "| contact background | bytes |",
        "|---|---:|",
        *(f"| {p.name} | {p.stat().st_size / 1024:.1f} kB |" for p in images),
        "",
        "Cal.com's embed.js is not counted: it is fetched from app.cal.com after the page",
        "is interactive, on the booking page only.",
        "",
        "Longest WhatsApp link the form can open (every field at its cap, every character",
        "3 bytes in UTF-8):",
        "",
        *(f"- {lang}: {worst_case_url(lang):,} characters" for lang in LANGS),
        "",
        "A 1,000-character message of ordinary Spanish prose with all fields filled:",
        "",
        *(f"- {lang}: {typical_url(lang):,} characters" for lang in LANGS),
        "",
    ]
    REPORT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
