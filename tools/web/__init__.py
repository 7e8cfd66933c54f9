"""The handset's firmware in a web page: tools/web/site.py builds and serves it."""
