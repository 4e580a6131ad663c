def test_home_renders_in_spanish(page, base_url):
    response = page.goto("/")
    assert response.status == 200
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("h1").count() == 1
