"""What the production middleware does with a path (pure function, no server)."""

from clinic.server import Redirect, Serve, resolve


def test_canonical_paths_are_served_from_their_prerendered_file():
    assert resolve("/") == Serve("/index.html")
    assert resolve("/en/") == Serve("/en/index.html")
    assert resolve("/contacto") == Serve("/contacto.html")
    assert resolve("/en/faq") == Serve("/en/faq.html")


def test_other_spelling_redirects_to_the_canonical_path():
    assert resolve("/contacto/") == Redirect("/contacto")
    assert resolve("/en") == Redirect("/en/")


def test_legacy_paths_redirect():
    assert resolve("/citas") == Redirect("/agenda-tu-cita")
    assert resolve("/citas/") == Redirect("/agenda-tu-cita")
    assert resolve("/cont%C3%A1ctanos") == Redirect("/contacto")
    assert resolve("/dr-rodrigo-salcedo") == Redirect("/ginecologo-cancun-rodrigo-salcedo")


def test_unknown_and_malformed_paths_fall_through():
    assert resolve("/no-existe") is None
    assert resolve("/%ff%fe") is None
    assert resolve("/assets/app.js") is None
