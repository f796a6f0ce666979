"""pytest runs the doctests of the Markdown pages here; the site's build files are not test modules.

``conf.py`` and ``_api.py`` configure Sphinx; the gallery's scripts draw figures when the site is built
(tests/test_docs_site.py); ``api/``, ``auto_examples/`` and ``_build/`` are what a build writes.
"""

collect_ignore = ["conf.py", "_api.py", "gallery", "api", "auto_examples", "_build", "_templates"]
