"""Mageduel's front end: plain functions from engine views to SVG/HTML, plus the browser glue (main.py).

Everything here except ``main.py`` runs in CPython too, so the drawing is tested without a browser.
"""
