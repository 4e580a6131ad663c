"""content/clinic.yaml: the clinic's facts, each stored once and shown everywhere from here."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, HttpUrl, field_validator, model_validator

from clinic.site.content.base import Slug, Strict
from clinic.site.content.medical_specialties import MedicalSpecialty

Day = Literal["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
Time = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]


class Address(Strict):
    hospital: str
    """The hospital or building the office is in ({hospital} in texts)."""
    office: str
    """The office number ({office}), quoted: "415"."""
    floor: str
    """The floor ({floor}), quoted: "4"."""
    street: str
    """Street and number, neighbourhood ({street})."""
    city: str
    """The city ({city})."""
    region: str
    """State or province."""
    postal_code: Annotated[str, Field(pattern=r"^\d{5}$")]
    """Five digits, quoted: "01000"."""
    country: Annotated[str, Field(pattern=r"^[A-Z]{2}$")]
    """Two capital letters (ISO 3166): MX."""
    latitude: float
    """Decimal degrees (the map picture and the directions links point here)."""
    longitude: float
    """Decimal degrees, negative west of Greenwich."""
    maps_url: HttpUrl
    """The clinic on Google Maps (the "open in Maps" link)."""
    map_embed_url: HttpUrl
    """The Google Maps embed address loaded when a patient asks for the map."""


class OpeningHours(Strict):
    days: Annotated[list[Day], Field(min_length=1)]
    """The days these hours apply to: Mo Tu We Th Fr Sa Su."""
    opens: Time
    """Opening time, 24-hour, quoted: "09:00"."""
    closes: Time
    """Closing time, 24-hour, quoted: "20:00"."""


class ClosedDays(Strict):
    """A date or a run of dates the clinic is closed besides its weekly hours (a holiday)."""

    start: date
    """The first closed day, unquoted: 2026-12-24."""
    end: date | None = None
    """The last closed day of a run, unquoted (leave it out for a single day)."""
    reason: Slug | None = None
    """Why, as a key: its words are under `closed_days.reasons.<key>` in each language's
    i18n/<code>.yaml (christmas). Leave it out to say nothing of why."""

    @model_validator(mode="after")
    def _in_order(self) -> ClosedDays:
        if self.end is not None and self.end < self.start:
            raise ValueError(f"end {self.end} comes before start {self.start}")
        return self

    @property
    def last(self) -> date:
        return self.end or self.start

    @property
    def key(self) -> str:
        """Names the run in the page (its notice) and to the head script: its first day."""
        return self.start.isoformat()


class ClosedDaysNotice(Strict):
    """Days the clinic is closed besides its weekly hours, and how early patients hear of it."""

    notice_days_before: Annotated[int, Field(ge=0, le=60)] = 7
    """How many days ahead every page announces a closed day (0: only on the day)."""
    days: list[ClosedDays] = []
    """The closed dates or runs of dates, in any order; past ones are ignored by themselves."""

    def not_over(self, today: date) -> list[ClosedDays]:
        """The runs not over by `today`, in date order: what the site still announces."""
        return sorted((run for run in self.days if run.last >= today), key=lambda run: run.start)

    def includes(self, day: date) -> bool:
        """Whether the clinic is closed on `day` by this list (not by its weekly hours)."""
        return any(run.start <= day <= run.last for run in self.days)


class Consultation(Strict):
    price: Annotated[int, Field(gt=0)]
    """The fee, a whole number without separators: 1500 ({price})."""
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    """Three capital letters (ISO 4217): MXN."""
    minutes: Annotated[int, Field(gt=0)]
    """The consultation's length ({duration}; 60 reads "a full hour")."""


# A figure's name in texts: lower case, digits and underscores ({patients_seen}).
FigureName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


class Rating(Strict):
    value: Annotated[float, Field(ge=0, le=5)]
    """The average rating, 0 to 5."""
    count: Annotated[int, Field(ge=0)]
    """How many reviews."""


class Social(Strict):
    facebook: HttpUrl
    """The Facebook page."""
    instagram: HttpUrl
    """The Instagram profile."""
    youtube: HttpUrl
    """The YouTube channel."""
    tiktok: HttpUrl
    """The TikTok profile."""


class Designer(Strict):
    name: str
    """Who made the site (the footer's credit)."""
    url: HttpUrl
    """The designer's site."""


Origin = Annotated[
    str,
    Field(pattern=r"^https://[a-z0-9.-]+(:\d+)?$", description="https://host, no path."),
]


class LoadsFrom(Strict):
    """Origins a third-party widget loads from once its script runs, by kind (the site's
    Content-Security-Policy is built from these; take them from the provider's docs)."""

    script: list[Origin] = []
    """Origins of scripts."""
    connect: list[Origin] = []
    """Origins of requests (fetch, XHR)."""
    img: list[Origin] = []
    """Origins of images."""
    frame: list[Origin] = []
    """Origins of frames."""


class Reviews(Strict):
    provider: str
    """The reviews widget's provider, as texts name it ({reviews_provider})."""
    script_src: HttpUrl
    """The widget's script."""
    widget_id: str
    """The widget's id, from the provider."""
    more_reviews_url: HttpUrl
    """Where all the reviews are (the link shown when the widget cannot load)."""
    loads_from: LoadsFrom = LoadsFrom()
    """Origins the widget loads from (the Content-Security-Policy allows exactly these)."""


class Scheduling(Strict):
    origin: HttpUrl
    """Cal.com's embed origin."""
    public_origin: HttpUrl
    """Cal.com's public booking pages: each Book button links to <public_origin>/<cal_link>."""
    api_origin: HttpUrl
    """Cal.com's public API (open times); asked by our server, never the browser."""


HexColor = Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]


class BrandColors(Strict):
    """The site's Tailwind theme and Cal.com's cal-brand; texts keep 4.5:1 contrast. Each
    colour quoted, as "#7b2d5b"."""

    primary: HexColor
    """Actions and headings on light backgrounds."""
    primary_dark: HexColor
    """Hovered actions."""
    primary_on_dark: HexColor
    """The primary colour on dark backgrounds."""
    blush: HexColor
    """A light surface."""
    sand: HexColor
    """A light surface."""
    ink: HexColor
    """Body text."""
    muted: HexColor
    """Secondary text."""
    accent: HexColor
    """The one accent colour."""


class Clinic(Strict):
    """content/clinic.yaml: the clinic's facts."""

    sample: bool = False
    """True for the shipped sample data; a real clinic removes it."""
    brand: str
    """The clinic's name as patients know it ({brand})."""
    brand_slug: Annotated[str, Field(pattern=r"^[a-z0-9-]+$")]
    """The brand in paths ({brand_slug} in routes.yaml): lower case, hyphens."""
    legal_name: str
    """The legal name ({legal_name}: privacy notice, structured data)."""
    medical_specialties: Annotated[list[MedicalSpecialty], Field(min_length=1)]
    """What the clinic practises, as schema.org names it (schema.org/MedicalSpecialty):
    Dermatology, Gynecologic, Pediatric... Search engines read it in every page's
    structured data; every doctor practises these unless doctors.yaml says otherwise."""
    site_origin: HttpUrl
    """The site's address (canonical links, hreflang, the sitemap): https://www.example.com."""
    phone: Annotated[str, Field(pattern=r"^\+[\d ]{8,20}$")]
    """For calls, international form, quoted: "+52 55 5555 0100"."""
    whatsapp_number: Annotated[str, Field(pattern=r"^\d{8,15}$")]
    """For WhatsApp links: digits only, with the country code, quoted: "525555550100"."""
    email: Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")]
    """The clinic's e-mail ({email}; shown as a link)."""
    address: Address
    """Where the clinic is: one address everywhere."""
    hours: Annotated[list[OpeningHours], Field(min_length=1)]
    """Opening hours; days not listed are closed."""
    closed: ClosedDaysNotice = ClosedDaysNotice()
    """Holidays and other days closed besides the weekly hours: every page says so on the
    day (and `notice_days_before` days ahead), search engines read them, and a doctor's open
    times never offer them."""
    permits: Annotated[list[str], Field(min_length=3, max_length=3)]
    """The three health-authority permit numbers."""
    consultation: Consultation
    """The consultation's fee and length."""
    claims: dict[FigureName, Annotated[int, Field(ge=0)]] = {}
    """Figures the texts cite, each under a name of your choosing: `patients_seen: 5000`
    is {patients_seen} in any text, written "5,000". Only the figures some text names are
    needed; a text that names one missing here stops the build."""
    price_range: str
    """For structured data: $ to $$$$."""
    rating: Rating
    """The reviews' average and count (structured data)."""
    memberships_url: HttpUrl
    """The memberships page (a link in the footer)."""
    social: Social
    """The clinic's social profiles (links in the footer)."""
    designer: Designer
    """The footer's credit."""
    reviews: Reviews
    """The reviews widget."""
    scheduling: Scheduling
    """Cal.com, where patients book."""
    brand_colors: BrandColors
    """The brand's colours."""
    time_zone: str
    """The clinic's IANA time zone (America/Mexico_City): appointment times are shown in it,
    whatever the visitor's device says."""

    @field_validator("time_zone")
    @classmethod
    def _known_time_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"unknown time zone {value!r} (use an IANA name such as America/Mexico_City)"
            ) from None
        return value

    def today(self) -> date:
        """Today's date where the clinic is."""
        return datetime.now(ZoneInfo(self.time_zone)).date()

    @property
    def origin(self) -> str:
        return str(self.site_origin).rstrip("/")

    @property
    def tel_href(self) -> str:
        return "tel:" + self.phone.replace(" ", "")

    @property
    def whatsapp_url(self) -> str:
        return f"https://wa.me/{self.whatsapp_number}"
