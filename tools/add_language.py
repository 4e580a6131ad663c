"""Start a new language of the site: `make language CODE=fr FROM=en NAME=Français LOCALE=fr-CA`.

Every text of the site lives in its language's files, content/i18n/<code>.yaml (site-wide
texts) and content/i18n/<code>/ (one file per page); the other content files hold facts
only. So the texts of an existing language (FROM) become the new language's first draft by
copying those, for a translator to rewrite. The one other file written per language is content/routes.yaml:
the new language's paths are FROM's under its own prefix (`/en/contact` -> `/fr/contact`;
slugs to be translated afterwards), added beside the others; the file is edited as text,
so its comments and layout stay, and read back and checked before it is written. The
language is added last to content/languages.yaml.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from clinic.site.content.files import parse_yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from clinic.site.content import CONTENT_DIR, ContentError, Language, load_languages
from clinic.site.formats import clock_time, day_period

# A block mapping's key line: indentation, an optional list dash, the key, the rest.
KEY_LINE = re.compile(r"^(?P<indent> *)(?P<dash>- )?(?P<key>[a-z]{2,3}):(?P<rest>.*)$")
# A value in a flow mapping ({es: ..., en: ...}): quoted, or plain up to a comma or brace.
FLOW_VALUE = r'("(?:[^"\\]|\\.)*"|\'(?:[^\']|\'\')*\'|[^,}]*)'


class LanguageError(Exception):
    """The language cannot be added as asked (the message says why)."""


def derived_path(path: str, from_prefix: str, prefix: str) -> str:
    """FROM's path under the new language's prefix: "/en/faq" -> "/fr/faq", "/" -> "/fr/"."""
    if from_prefix:
        return prefix + path[len(from_prefix) :]
    return prefix + (path if path != "/" else "/")


def _key_column(match: re.Match) -> int:
    return len(match["indent"]) + len(match["dash"] or "")


def _block_end(lines: list[str], start: int, column: int) -> int:
    """The line after the entry at `start` (a key at `column`) and its continuation lines."""
    end = start + 1
    while end < len(lines) and (
        not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip(" ")) > column
    ):
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _with_block_entries(lines: list[str], langs, source: str, code: str, value) -> list[str]:
    """After each block mapping's last language, a `<code>:` entry copied from `source`'s."""
    last = langs[-1]
    out: list[str] = []
    i = 0
    while i < len(lines):
        match = KEY_LINE.match(lines[i])
        if not match or match["key"] != last:
            out.append(lines[i])
            i += 1
            continue
        column = _key_column(match)
        end = _block_end(lines, i, column)
        # FROM's entry: a sibling at the same column, above (or this one).
        j = i
        while j >= 0:
            other = KEY_LINE.match(lines[j])
            indent = len(lines[j]) - len(lines[j].lstrip(" "))
            if other and _key_column(other) == column and other["key"] == source:
                break
            first_of_item = other and other["dash"] and _key_column(other) == column
            if lines[j].strip() and indent < column and not first_of_item:
                j = -1
                break
            j -= 1
        out.extend(lines[i:end])
        if j >= 0:
            copied = lines[j : _block_end(lines, j, column)]
            first = KEY_LINE.match(copied[0])
            copied[0] = " " * column + f"{code}:" + first["rest"]
            out.extend(value(line) for line in copied)
        i = end
    return out


def _with_flow_entries(text: str, last: str, source: str, code: str, value) -> str:
    """In each flow mapping with the last language, `, <code>: <source's value>` after it."""

    def add(line: str) -> str:
        if not re.search(rf"[{{,] *{last}: ", line):
            return line
        found = re.search(rf"[{{,] *{source}: {FLOW_VALUE}", line)
        if not found:
            return line
        copied = value(found.group(1).strip())
        return re.sub(
            rf"([{{,] *{last}: {FLOW_VALUE})",
            lambda m: f"{m.group(1).rstrip()}, {code}: {copied}",
            line,
        )

    return "".join(add(line) for line in text.splitlines(keepends=True))


def _expected(data, langs, source: str, code: str, value):
    """`data` as the edit must leave it: every mapping with all the languages gets `code`."""
    if isinstance(data, dict):
        expected = {key: _expected(item, langs, source, code, value) for key, item in data.items()}
        if set(langs) <= set(data):
            expected[code] = _map_strings(data[source], value)
        return expected
    if isinstance(data, list):
        return [_expected(item, langs, source, code, value) for item in data]
    return data


def _map_strings(data, value):
    if isinstance(data, str):
        return value(data)
    if isinstance(data, dict):
        return {key: _map_strings(item, value) for key, item in data.items()}
    return data


def added_to_file(path: Path, langs, source: str, code: str, path_value=None) -> str | None:
    """One content file's text with `code` beside the languages, or None if it has none."""
    text = path.read_text(encoding="utf-8")
    before = parse_yaml(text)
    plain = path_value or (lambda s: s)

    def line_value(line: str) -> str:
        if path_value is None:
            return line
        return re.sub(r'(?<=[:{] )("?)(/[^"\s,}]*)', lambda m: m[1] + path_value(m[2]), line)

    def flow_value(raw: str) -> str:
        if path_value is None:
            return raw
        return re.sub(r'^("?)(/[^"\s,}]*)', lambda m: m[1] + path_value(m[2]), raw)

    lines = _with_block_entries(text.split("\n"), langs, source, code, line_value)
    edited = _with_flow_entries("\n".join(lines), langs[-1], source, code, flow_value)
    after = parse_yaml(edited)
    if after != _expected(before, langs, source, code, plain):
        raise LanguageError(
            f"{path}: could not add '{code}' beside every text in {', '.join(langs)}; "
            f"add it by hand (a copy of the '{source}' entry) and run this again"
        )
    return None if edited == text else edited


def add_language(directory: Path, code: str, source: str, name: str, locale: str) -> list[str]:
    """Add language `code` to the content in `directory`; the content files it changed."""
    languages = load_languages(directory)
    langs = [language.code for language in languages]
    try:
        new = Language(code=code, locale=locale, name=name)
    except ValueError as err:
        raise LanguageError(f"not a valid language: {err}") from None
    if code in langs:
        raise LanguageError(f"'{code}' is already a language of the site ({', '.join(langs)})")
    if source not in langs:
        raise LanguageError(f"FROM='{source}' is not a language of the site ({', '.join(langs)})")
    i18n = directory / "i18n"
    if (i18n / f"{code}.yaml").exists() or (i18n / code).exists():
        raise LanguageError(f"{i18n / code}: texts of '{code}' are already there")
    routes = parse_yaml((directory / "routes.yaml").read_text(encoding="utf-8"))
    from_prefix = routes["pages"]["home"][source].rstrip("/")
    prefix = f"/{code}"

    # routes.yaml is edited and checked first, then written: a failure leaves it as it was.
    routes_path = directory / "routes.yaml"
    edited = added_to_file(
        routes_path, langs, source, code, lambda p: derived_path(p, from_prefix, prefix)
    )
    if edited is not None:
        routes_path.write_text(edited, encoding="utf-8")
    shutil.copyfile(i18n / f"{source}.yaml", i18n / f"{code}.yaml")
    shutil.copytree(i18n / source, i18n / code)
    listing = directory / "languages.yaml"
    entry = f"- {{code: {new.code}, locale: {new.locale}, name: {new.name}}}\n"
    text = listing.read_text(encoding="utf-8")
    listing.write_text(text + ("" if text.endswith("\n") else "\n") + entry, encoding="utf-8")
    return [f"i18n/{code}.yaml", f"i18n/{code}/", "routes.yaml", "languages.yaml"]


def clock_note(locale: str) -> str:
    """What the new language's texts need for its times: CLDR says which clock it reads."""
    if day_period("20:00", locale) is None:
        return (
            f"{locale} tells the time on the 24-hour clock ({clock_time('20:00', locale)}): "
            "hours.am/hours.pm are not shown."
        )
    return (
        f"{locale} tells the time on the 12-hour clock: write hours.am/hours.pm as the "
        f"language does, around {{time}} ({clock_time('20:00', locale)})."
    )


def still_to_do(code: str, source: str, name: str, locale: str) -> str:
    return "\n".join(
        [
            f"{name} ({code}) is a language of the site, with {source}'s texts as its draft.",
            "Still to do by hand:",
            f"  1. Translate content/i18n/{code}.yaml (site-wide texts) and every file under "
            f"content/i18n/{code}/ (one per page: its head, short and long texts; a service "
            "page's in services/).",
            f"  2. Translate the slugs of the '{code}:' paths in content/routes.yaml "
            f"(each stays under /{code}/).",
            f"  3. Numbers, prices, dates and times are written as {locale} writes them "
            f"(CLDR). {clock_note(locale)}",
            "  4. make test (the content model names any text, path or placeholder missing), "
            "then make export.",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", required=True, help="the new language's code (fr)")
    parser.add_argument("--from", dest="source", required=True, help="whose texts to copy (en)")
    parser.add_argument("--name", required=True, help="its name in itself (Français)")
    parser.add_argument("--locale", required=True, help="its locale (fr-CA)")
    parser.add_argument("--content", type=Path, default=CONTENT_DIR, help="the content folder")
    args = parser.parse_args(argv)
    try:
        add_language(args.content, args.code, args.source, args.name, args.locale)
    except (LanguageError, ContentError) as err:
        print(f"make language: {err}", file=sys.stderr)
        return 1
    print(still_to_do(args.code, args.source, args.name, args.locale))
    return 0


if __name__ == "__main__":
    sys.exit(main())
