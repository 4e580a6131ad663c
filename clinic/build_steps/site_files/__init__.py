"""Files the build writes beside the pages, from content/ and the route table alone:
sitemap.xml and robots.txt, each language's 404 page, the static hosts' rules files and
functions, the open-times fallback.
Plugins listed in rxconfig.py; they use Reflex's public plugin API and know nothing of
what Reflex generates (that is clinic/framework/'s business)."""
