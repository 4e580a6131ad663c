"""The home page's content file, images and rendered structure, without a browser."""

from __future__ import annotations

import re
import shutil

import pytest

from clinic.site.components.avatar import PHOTO_FOLDER, checked_photo_url, doctor_photo_url
from clinic.site.components.picture import PHOTO_WIDTHS, photo
from clinic.site.content import CONTENT_DIR, LANGS, ContentError, content, load_content
from clinic.site.content.files import parse_yaml
from clinic.site.page_content.home import CAROUSEL_MAX, CAROUSEL_MIN, HomeContent, home_content
from clinic.site.pages.home import SECTION_IDS, render
from clinic.site.routes import page
from devtools.content_variants import dump


def test_home_content_is_the_file_s_logos_photos_and_amenities():
    data = home_content()
    written = parse_yaml((CONTENT_DIR / "pages" / "home.yaml").read_text(encoding="utf-8"))
    assert [c.key for c in data.certifications] == [c["key"] for c in written["certifications"]]
    assert [f.key for f in data.facilities] == [f["key"] for f in written["facilities"]]
    assert [a.icon for a in data.amenities] == [a["icon"] for a in written["amenities"]]


def _texts_file(copy, lang):
    return copy / "i18n" / lang / "home.yaml"


@pytest.mark.parametrize("field", ["certifications", "facilities"])
def test_a_carousel_takes_three_to_twelve_items(tmp_path, field):
    copy = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    written = parse_yaml((CONTENT_DIR / "pages" / "home.yaml").read_text(encoding="utf-8"))
    texts = {lang: parse_yaml(_texts_file(CONTENT_DIR, lang).read_text()) for lang in LANGS}
    for count, ok in (
        (CAROUSEL_MIN - 1, False),
        (CAROUSEL_MIN, True),
        (CAROUSEL_MAX, True),
        (CAROUSEL_MAX + 1, False),
    ):
        items = [
            {**written[field][i % len(written[field])], "key": f"item-{i}"} for i in range(count)
        ]
        (copy / "pages" / "home.yaml").write_text(
            dump({**written, field: items}, sort_keys=True), encoding="utf-8"
        )
        for lang in LANGS:  # each item with the first one's texts
            first = next(iter(texts[lang][field].values()))
            by_key = {item["key"]: first for item in items}
            _texts_file(copy, lang).write_text(
                dump({**texts[lang], field: by_key}, sort_keys=True),
                encoding="utf-8",
            )
        if ok:
            home = load_content(copy).page("home", HomeContent)
            assert len(getattr(home, field)) == count
        else:
            with pytest.raises(ContentError, match=rf"pages/home\.yaml: field '{field}'"):
                load_content(copy)


def test_the_logo_carousel_shows_fewer_logos_at_once_than_it_has():
    """Embla loops only when the logos out of view can fill the viewport by themselves."""
    from clinic.site.pages.home.certifications import slide_width

    for count in range(CAROUSEL_MIN, CAROUSEL_MAX + 1):
        in_view = max(int(m) for m in re.findall(r"basis-1/(\d)", slide_width(count)))
        assert in_view <= count - 1


def test_a_broken_home_file_names_the_file_and_the_field(tmp_path):
    copy = shutil.copytree(CONTENT_DIR, tmp_path / "content")
    lang = LANGS[-1]
    data = parse_yaml(_texts_file(copy, lang).read_text(encoding="utf-8"))
    key = next(iter(data["facilities"]))
    del data["facilities"][key]["caption"]
    _texts_file(copy, lang).write_text(dump(data, sort_keys=True), encoding="utf-8")
    with pytest.raises(
        ContentError,
        match=rf"i18n/{lang}/home\.yaml: field 'facilities\.{key}\.caption': Field required",
    ):
        load_content(copy)


def test_every_facility_photo_exists_in_every_width_and_format():
    for facility in home_content().facilities:
        result = photo("facilities", facility.key, alt="x")
        assert result.width == 960 and result.height == 640
        assert [s for s, _ in result.sources] == ["image/avif", "image/webp"]
        assert result.srcset.count("w,") == len(PHOTO_WIDTHS) - 1


def test_a_missing_photo_fails_the_build():
    with pytest.raises(ContentError, match=r"generate_images\.py"):
        photo("facilities", "no-such-room", alt="x")


def test_doctor_photo_drop_in_resolves_under_assets():
    for doctor in content().doctors:
        # Each doctor as the content has them: a photo under assets/, or initials.
        if doctor.image:
            assert doctor_photo_url(doctor).endswith(doctor.image)
        else:
            assert doctor_photo_url(doctor) == ""
        without_photo = doctor.model_copy(update={"image": ""})
        assert doctor_photo_url(without_photo) == ""
        with_photo = doctor.model_copy(update={"image": "portrait.webp"})
        assert doctor_photo_url(with_photo) == "/img/doctors/portrait.webp"
        elsewhere = doctor.model_copy(update={"image": "https://photos.example/portrait.webp"})
        assert doctor_photo_url(elsewhere) == "https://photos.example/portrait.webp"


@pytest.mark.parametrize("lang", LANGS)
def test_home_renders_one_h1_and_the_sections_in_spec_order(lang):
    rendered = str(render(page("home", lang)))
    assert rendered.count('"h1"') == 1
    positions = [rendered.index(f'id:"{section_id}"') for section_id in SECTION_IDS]
    assert positions == sorted(positions)


def test_a_doctor_photo_named_but_missing_or_of_another_format_stops_the_build():
    doctor = content().doctors[0]
    missing = doctor.model_copy(update={"image": "no-such-portrait.webp"})
    assert not (PHOTO_FOLDER / missing.image).exists()
    with pytest.raises(
        ContentError,
        match=r"^doctors\.yaml: field '0\.image': assets/img/doctors/no-such-portrait\.webp "
        r"is missing",
    ):
        checked_photo_url(missing)
    other_format = doctor.model_copy(update={"image": "portrait.png"})
    with pytest.raises(ContentError, match=r"portrait\.png is not a photo the site shows"):
        checked_photo_url(other_format)
    elsewhere = doctor.model_copy(update={"image": "https://photos.example/portrait.webp"})
    assert checked_photo_url(elsewhere) == elsewhere.image


def test_a_link_to_a_page_routes_yaml_does_not_list_names_routes_yaml():
    from clinic.site.routes import path_for

    with pytest.raises(ContentError, match=r"^routes\.yaml: field 'pages\.no-such-page': missing"):
        path_for("no-such-page", LANGS[0])


def _selling_points(count: int) -> dict:
    """`count` hero chips and banner points, each with texts in every language."""
    from clinic.site.content.pages.home import BannerPoint, HeroChip

    def texts(word: str, i: int) -> dict:
        return {lang: f"{word} {i} {lang}" for lang in LANGS}

    return {
        "hero_chips": [
            HeroChip(key=f"chip-{i}", icon="star", text=texts("Chip", i)) for i in range(count)
        ],
        "services_banner": [
            BannerPoint(
                key=f"point-{i}", icon="star", title=texts("Title", i), text=texts("Text", i)
            )
            for i in range(count)
        ],
    }


@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_selling_points_are_content_any_number_none_showing_nothing(monkeypatch, count):
    """The hero shows the fee, the content's chips and the rating; the services section a
    banner of the content's points, and no banner (no empty box) without any."""
    from clinic.site.pages.home import hero, services

    edited = home_content().model_copy(update=_selling_points(count))
    monkeypatch.setattr(hero, "home_content", lambda: edited)
    monkeypatch.setattr(services, "home_content", lambda: edited)
    for lang in LANGS:
        chips = str(hero.section(lang))
        keys = re.findall(r'"data-chip":"([^"]+)"', chips)
        assert keys == ["price", *(f"chip-{i}" for i in range(count)), "rating"]
        assert all(f"Chip {i} {lang}" in chips for i in range(count))
        banner = str(services.section(lang))
        assert banner.count('"data-banner-point"') == count
        assert ('"data-services-banner"' in banner) == (count > 0)
        assert all(
            f"Title {i} {lang}" in banner and f"Text {i} {lang}" in banner for i in range(count)
        )
