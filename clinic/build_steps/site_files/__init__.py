"""Files the build writes beside the pages, from content/ and the route table alone:
sitemap.xml and robots.txt, the static hosts' rules files, the open-times fallback.
Plugins listed in rxconfig.py; they use Reflex's public plugin API and know nothing of
what Reflex generates (that is clinic/framework/'s business)."""
