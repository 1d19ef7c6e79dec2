"""The replay viewer: the page's shell (``page``); its ES modules are the page layer's
(``service.http.pages``: ``static/viewer/`` and the shared boards)."""
