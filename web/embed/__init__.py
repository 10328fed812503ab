"""The wiki widget (``embed.html``): a compact arena, a caption, step controls and the current log line.

- ``params`` — the widget's URL parameters: one pydantic model, its published JSON Schema, and the reading
  that names each bad or unknown parameter and goes on with the default;
- ``frame`` — plain functions from the engine's view to the widget's HTML (the same in CPython at build time,
  for the poster, and in the page under PyScript);
- ``viewer`` — the controller: a showcase or a shared replay stepped through, or taken over (``mode=try``);
- ``posters`` — run by ``build.py`` in CPython: every showcase's first frame, in both languages;
- ``page`` — the PyScript glue (the only module here that touches the DOM).
"""
