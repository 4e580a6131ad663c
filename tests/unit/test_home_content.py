"""The home page's content file, images and rendered structure, without a browser."""

from __future__ import annotations

import pytest

from clinic.site.components.avatar import doctor_photo_url
from clinic.site.components.picture import PHOTO_WIDTHS, photo
from clinic.site.content import CONTENT_DIR, ContentError, content, load_model
from clinic.site.pages.home import SECTION_IDS, render
from clinic.site.pages.home.data import HomeContent, home_content
from clinic.site.routes import page


def test_home_content_has_seven_logos_and_seven_photos():
    data = home_content()
    assert len(data.certifications) == 7
    assert len(data.facilities) == 7
    assert [a.icon for a in data.amenities] == ["car", "wifi", "coffee"]


def test_a_broken_home_file_names_the_file_and_the_field(tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    text = (CONTENT_DIR / "pages" / "home.yaml").read_text(encoding="utf-8")
    (pages / "home.yaml").write_text(text.replace("      en: Reception\n", ""), encoding="utf-8")
    with pytest.raises(ContentError, match=r"home\.yaml: field 'facilities\.0\.caption\.en'"):
        load_model("pages/home.yaml", HomeContent, directory=tmp_path)


def test_every_facility_photo_exists_in_every_width_and_format():
    for facility in home_content().facilities:
        result = photo("facilities", facility.key, alt="x")
        assert result.width == 960 and result.height == 640
        assert [s for s, _ in result.sources] == ["image/avif", "image/webp"]
        assert result.srcset.count("w,") == len(PHOTO_WIDTHS) - 1


def test_a_missing_photo_fails_the_build():
    with pytest.raises(ContentError, match="generate_images.py"):
        photo("facilities", "no-such-room", alt="x")


def test_doctor_photo_drop_in_resolves_under_assets():
    doctor = content().doctors[0]
    assert doctor_photo_url(doctor) == ""  # sample doctors show their initials
    with_photo = doctor.model_copy(update={"image": "portrait.webp"})
    assert doctor_photo_url(with_photo) == "/img/doctors/portrait.webp"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_home_renders_one_h1_and_the_sections_in_spec_order(lang):
    rendered = str(render(page("home", lang)))
    assert rendered.count('"h1"') == 1
    positions = [rendered.index(f'id:"{section_id}"') for section_id in SECTION_IDS]
    assert positions == sorted(positions)
